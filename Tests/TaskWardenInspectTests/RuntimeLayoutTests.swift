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

    /// ThreadSanitizer's shadow memory, as a TSan-built process maps it: 40 TB that a scan would read for hours.
    @Test func aSanitizersShadowMemoryIsRefusedBeforeAnyScan() throws {
        let sanitized = MemoryMap(parsing: """
            100000000000-158800001000 rw-p 00000000 00:00 0 
            158800023000-1bc1ded1c000 rw-p 00000000 00:00 0 
            1bc1df004000-2eeb7c7fb000 rw-p 00000000 00:00 0 
            2eeb8914a000-380000000000 rw-p 00000000 00:00 0 
            55e0ef80d000-55e0f0b79000 rw-p 00000000 00:00 0      [heap]
            """)
        #expect(throws: InspectionError.self) { try ProcessInspector.checkScanSize(sanitized, process: "process 9809 (InspectTarget)") }
        do {
            try ProcessInspector.checkScanSize(sanitized, process: "process 9809 (InspectTarget)")
        } catch {
            #expect(error.reason == .tooMuchMemory)
            #expect(error.message.hasPrefix("process 9809 (InspectTarget) has 40959 GiB of anonymous writable mappings, more than taskwarden scans for tasks (1024 GiB)"))
            #expect(!error.message.contains("\n"))
        }
        // A large ordinary heap, a thread's huge stack and a file mapping are read or skipped as usual.
        let ordinary = MemoryMap(parsing: """
            7f0000000000-7f4000000000 rw-p 00000000 00:00 0 
            7e0000000000-7f0000000000 rw-p 00000000 00:00 0      [stack]
            7d0000000000-7e0000000000 rw-s 00000000 08:01 99     /data/big.db
            """)
        try ProcessInspector.checkScanSize(ordinary, process: "process 1 (app)")
    }
}
