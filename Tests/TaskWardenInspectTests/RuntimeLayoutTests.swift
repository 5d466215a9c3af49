import Testing
@testable import TaskWardenInspect

/// A runtime is accepted only when everything it says about itself matches a table entry.
@Suite struct RuntimeLayoutTests {
    static let tested = RuntimeIdentity(
        path: "/usr/lib/swift/linux/libswift_Concurrency.so", isStaticallyLinked: false, machine: 62, layoutVersion: 1, taskSize: 208,
        supportsPriorityEscalation: false,
        compilerComments: ["GCC: (Debian 12.2.0-14) 12.2.0", "clang version 21.0.0 (https://github.com/swiftlang/llvm-project.git 11673e6660b2d0a5f9f99b1c7b773f4c2f6df1b0)"],
        buildID: "b9f34903c95524076576e2a19e29e879676b9e24")

    @Test func theTestedRuntimeMatchesOneEntry() {
        #expect(RuntimeLayout.known.filter { $0.matches(Self.tested) }.map(\.release) == ["Swift 6.3.1"])
    }

    @Test func anyDifferenceIsAnotherRuntime() {
        var identity = Self.tested
        identity.layoutVersion = 2
        #expect(!RuntimeLayout.known.contains { $0.matches(identity) })
        identity = Self.tested
        identity.taskSize = 224
        #expect(!RuntimeLayout.known.contains { $0.matches(identity) })
        identity = Self.tested
        identity.machine = 183
        #expect(!RuntimeLayout.known.contains { $0.matches(identity) })
        identity = Self.tested
        identity.supportsPriorityEscalation = true
        #expect(!RuntimeLayout.known.contains { $0.matches(identity) })
        identity = Self.tested
        identity.compilerComments = ["clang version 21.0.0 (https://github.com/swiftlang/llvm-project.git 0123456789abcdef)"]
        #expect(!RuntimeLayout.known.contains { $0.matches(identity) })
    }

    @Test func theSummaryNamesWhatWasFound() {
        #expect(Self.tested.summary.hasPrefix("libswift_Concurrency.so (build b9f34903c955…, x86_64, layout version 1, task size 208, built by clang version 21.0.0"))
    }

    @Test func mapsLinesAreParsedWithTheirPaths() {
        let map = MemoryMap(parsing: """
            55d0c1a2b000-55d0c1a2c000 r--p 00000000 08:01 1234   /srv/app/price check (deleted)
            55d0c1a2c000-55d0c1a3c000 r-xp 00001000 08:01 1234   /srv/app/price check (deleted)
            7f3c2c000000-7f3c2c021000 rw-p 00000000 00:00 0 
            7ffd1a2b0000-7ffd1a2d1000 rw-p 00000000 00:00 0      [stack]
            garbage line
            """)
        #expect(map.regions.count == 4)
        #expect(map.regions[0].path == "/srv/app/price check (deleted)")
        #expect(map.regions[1].executable && !map.regions[1].writable)
        #expect(map.regions[2].isAnonymous && map.regions[2].writable)
        #expect(map.isReadable(0x7f3c2c000ff0, count: 16))
        #expect(!map.isReadable(0x7f3c2c020ff8, count: 16))
        #expect(map.isCode(0x55d0c1a2c010))
        #expect(map.region(containing: 0x1000) == nil)
    }
}
