#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TaskWardenLint

/// The index of a tree's files: an unchanged file is not read, a changed one always is — including one changed
/// so soon after it was read that its fingerprint did not move (git's racy-clean case).
@Suite struct FileIndexTests {
    typealias Outputs = ResultsCacheTests

    static func print(modified: Int64, changed: Int64? = nil, size: Int64 = 10) -> FileFingerprint {
        FileFingerprint(device: 1, inode: 2, size: size, modified: .init(seconds: modified, nanoseconds: 5),
                        changed: .init(seconds: changed ?? modified, nanoseconds: 5))
    }

    @Test func anIndexReadsBackAndADamagedOneIsIgnored() throws {
        let index = FileIndex(recordedAt: .init(seconds: 1_000, nanoseconds: 7), entries: [
            "/a/One.swift": .init(fingerprint: Self.print(modified: 10), knowledge: .ruledOut),
            "/a/Twö.swift": .init(fingerprint: Self.print(modified: 20), knowledge: .facts(contentHash: Array(repeating: 9, count: 32), isBackground: true)),
        ])
        let bytes = index.bytes
        let read = try #require(FileIndex(bytes: bytes))
        #expect(read.entries == index.entries)
        #expect(read.recordedAt == index.recordedAt)
        #expect(FileIndex(bytes: Array(bytes.dropLast())) == nil)
        var flipped = bytes
        flipped[flipped.count - 40] ^= 1
        #expect(FileIndex(bytes: flipped) == nil)
        // Counts and lengths that do not fit what follows: refused without allocating for them.
        let header = "taskwarden-index 1 1000 7 999999999999 0 \(Checksum.hex([UInt8]()))\n"
        #expect(FileIndex(bytes: Array(header.utf8)) == nil)
        var payload: [UInt8] = []
        payload.appendInteger(UInt32.max)
        payload += Array(repeating: 0, count: 57)
        let lying = "taskwarden-index 1 1000 7 1 \(payload.count) \(Checksum.hex(payload))\n"
        #expect(FileIndex(bytes: Array(lying.utf8) + payload) == nil)
    }

    @Test func aFingerprintTakenCloseToTheRecordingIsNotTrusted() {
        let recordedAt = FileFingerprint.Timestamp(seconds: 1_000, nanoseconds: 0)
        #expect(!Self.print(modified: 997).isRacy(recordedAt: recordedAt))
        #expect(Self.print(modified: 998).isRacy(recordedAt: recordedAt))
        #expect(Self.print(modified: 1_000).isRacy(recordedAt: recordedAt))
        #expect(Self.print(modified: 5_000).isRacy(recordedAt: recordedAt))            // in the future: never trusted
        #expect(Self.print(modified: 900, changed: 999).isRacy(recordedAt: recordedAt)) // a chmod or rename just before
        let index = FileIndex(recordedAt: recordedAt, entries: [
            "/a.swift": .init(fingerprint: Self.print(modified: 900), knowledge: .ruledOut),
            "/b.swift": .init(fingerprint: Self.print(modified: 999), knowledge: .ruledOut),
        ])
        #expect(index.entry(for: "/a.swift", fingerprint: Self.print(modified: 900)) != nil)
        #expect(index.entry(for: "/a.swift", fingerprint: Self.print(modified: 900, size: 11)) == nil)
        #expect(index.entry(for: "/b.swift", fingerprint: Self.print(modified: 999)) == nil)
        #expect(index.entry(for: "/c.swift", fingerprint: Self.print(modified: 900)) == nil)
    }

    static func openCache(_ root: String) throws -> ResultsCache {
        try ResultsCacheAttackTests.openCache(root)
    }

    /// Sets a file's modification time an hour back, so its fingerprint is not racy.
    static func age(_ path: String) {
        var times = [timespec(tv_sec: time(nil) - 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3_600, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    static func agedCopy(into directory: TemporaryDirectory) throws -> String {
        let tree = try Outputs.copyRecordShelf(into: directory)
        for file in FileManager.default.enumerator(atPath: tree)?.allObjects as? [String] ?? [] { age(tree + "/" + file) }
        return tree
    }

    @Test func unchangedFilesAreNotReadAndTheOutputIsTheSame() throws {
        let directory = try TemporaryDirectory()
        let tree = try Self.agedCopy(into: directory)
        let cache = directory.path + "/cache"
        // Changing a file's time changes its ctime to now: wait until that is outside the racy window.
        sleep(UInt32(FileFingerprint.racyWindowSeconds) + 1)
        let expected = Outputs.outputs(tree, cache: nil).text
        let cold = Outputs.outputs(tree, cache: cache)
        #expect(cold.result.statistics.filesUnread == 0)
        let warm = Outputs.outputs(tree, cache: cache)
        #expect(warm.text == expected)
        #expect(warm.result.statistics.filesUnread == warm.result.statistics.filesFound)
        // Edit one file: only it is read.
        let edited = tree + "/Sources/RecordShelf/Wantlist/WantlistStore.swift"
        try (String(contentsOfFile: edited, encoding: .utf8) + "\nfunc more() { Task { await a() } }\n").write(toFile: edited, atomically: false, encoding: .utf8)
        let touched = Outputs.outputs(tree, cache: cache)
        #expect(touched.text == Outputs.outputs(tree, cache: nil).text)
        #expect(touched.result.statistics.filesUnread == touched.result.statistics.filesFound - 1)
    }

    @Test func aFileChangedWithinTheSameSecondAsItsEntryIsReadAgain() throws {
        let directory = try TemporaryDirectory()
        let tree = try Outputs.copyRecordShelf(into: directory)
        let cache = directory.path + "/cache"
        let file = tree + "/Sources/RecordShelf/Wantlist/WantlistStore.swift"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        _ = Outputs.outputs(tree, cache: cache)
        // Within the same second: the same size, another name.
        let renamed = original.replacingOccurrences(of: "\"ShareWantlist\"", with: "\"SHAREwantlist\"")
        #expect(renamed.utf8.count == original.utf8.count && renamed != original)
        try renamed.write(toFile: file, atomically: false, encoding: .utf8)
        let expected = Outputs.outputs(tree, cache: nil).text
        #expect(expected != Outputs.outputs(Outputs.recordShelf, cache: nil).text)
        #expect(Outputs.outputs(tree, cache: cache).text == expected)
    }

    /// The same, where the file system could not tell the two versions apart: the index is made to record the
    /// new version's fingerprint for the old version's facts, as a write within one tick of the clock after the
    /// read would leave it. Racily close to the recording, the file is still read; well before it, the index
    /// is trusted (which is why files changed shortly before a run must be read).
    @Test func aFingerprintThatDidNotMoveIsCheckedWhenRacy() throws {
        for racy in [true, false] {
            let directory = try TemporaryDirectory()
            let tree = try Outputs.copyRecordShelf(into: directory)
            let cache = directory.path + "/cache"
            let file = tree + "/Sources/RecordShelf/Wantlist/WantlistStore.swift"
            let before = Outputs.outputs(tree, cache: cache).text
            try (String(contentsOfFile: file, encoding: .utf8) + "\nfunc more() { Task { await a() } }\n").write(toFile: file, atomically: false, encoding: .utf8)
            let expected = Outputs.outputs(tree, cache: nil).text
            // Rewrite the index: the old version's knowledge under the new version's fingerprint.
            let folder = cache + "/v\(ResultsCache.format)/index"
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
            var index = try #require(FileIndex(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))))
            var status = stat()
            stat(file, &status)
            let now = FileFingerprint(status)
            let absolute = try #require(index.entries.keys.first { $0.hasSuffix("Wantlist/WantlistStore.swift") })
            index.entries[absolute]?.fingerprint = now
            // Racy: the recording run started the moment the file was stamped (not "now": a slow run, e.g. under the
            // thread sanitizer, can take longer than the racy window between the write and this line).
            index.recordedAt = racy ? now.changed : .init(seconds: now.changed.seconds + 10, nanoseconds: 0)
            try Data(index.bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
            let run = Outputs.outputs(tree, cache: cache).text
            if racy {
                #expect(run == expected)
            } else {
                #expect(run == before)   // trusted, and stale: the case the racy check exists for
            }
        }
    }

    /// A background-task identifier whose constant lives alone in a file no rule parses: the file is not read
    /// while unchanged (its declarations come from the cache's memo), and an edit to it is seen.
    @Test func aConstantInAnUnparsedFileIsRememberedAndAnEditIsSeen() throws {
        let directory = try TemporaryDirectory()
        let tree = try Self.agedCopy(into: directory)
        let cache = directory.path + "/cache"
        try """
            import BackgroundTasks
            func registerNightly() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: NightlyIdentifiers.nightly, using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
            }
            """.write(toFile: tree + "/Background/Nightly.swift", atomically: true, encoding: .utf8)
        let constants = tree + "/Sources/RecordShelf/NightlyIdentifiers.swift"
        func declare(_ value: String) throws {
            try "enum NightlyIdentifiers { static let nightly = \"\(value)\" }\n".write(toFile: constants, atomically: false, encoding: .utf8)
        }
        try declare("com.recordshelf.not-permitted")
        for path in [constants, tree + "/Background/Nightly.swift"] { Self.age(path) }
        sleep(UInt32(FileFingerprint.racyWindowSeconds) + 1)
        let expected = Outputs.outputs(tree, cache: nil).text
        #expect(expected.contains("com.recordshelf.not-permitted"))
        _ = Outputs.outputs(tree, cache: cache)
        let warm = Outputs.outputs(tree, cache: cache)
        #expect(warm.text == expected)
        #expect(warm.result.statistics.filesUnread == warm.result.statistics.filesFound)
        #expect(warm.result.tree.reusedBackgroundFindings != nil)

        // The first run remembered what the unparsed file declares, and the warm run took it from there: a
        // memo that says otherwise makes the findings be worked out again (with the same output).
        let folder = cache + "/v\(ResultsCache.format)/unparsed"
        let key = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { !$0.hasPrefix(".") })
        let stored = try #require(try Self.openCache(cache).load(key, in: "unparsed", as: UnparsedConstantsMemo.self))
        let declaring = try #require(stored.declaring.first { $0.key.hasSuffix("NightlyIdentifiers.swift") })
        #expect(declaring.value["NightlyIdentifiers.nightly"] == ["com.recordshelf.not-permitted"])
        var forged = stored
        forged.declaring[declaring.key] = ["NightlyIdentifiers.nightly": ["com.recordshelf.forged"]]
        try Self.openCache(cache).store(forged, key, in: "unparsed")
        let misled = Outputs.outputs(tree, cache: cache)
        #expect(misled.text == expected)
        #expect(misled.result.tree.reusedBackgroundFindings == nil)

        try declare("com.recordshelf.price-refresh")
        let edited = Outputs.outputs(tree, cache: cache)
        #expect(edited.text == Outputs.outputs(tree, cache: nil).text)
        #expect(!edited.text.contains("com.recordshelf.not-permitted"))
    }
}
