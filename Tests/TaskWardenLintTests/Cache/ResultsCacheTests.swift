import Foundation
import Testing
@testable import TaskWardenLint

/// The results cache is only an optimisation: every output is byte-identical with and without it, after edits,
/// renames and deletions, with corrupt entries, and with two runs at once.
@Suite struct ResultsCacheTests {
    static let recordShelf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/RecordShelf").path

    /// Every output the CLI derives from a run: the four reporters, the inventory, and `where` for every label.
    static func outputs(_ tree: String, cache: String?) -> (text: String, result: LintResult) {
        let result = LintEngine().run(LintRequest(paths: ["."], workingDirectory: tree, cacheDirectory: cache))
        var text = FindingReporters.all.map { type -> String in FindingReporters.reporter(named: type.formatName)!.report(result) }
            .joined(separator: "\n--\n")
        text += result.summaryLine + "\n" + SiteListing.text(result) + SiteListing.json(result)
        text += result.problems.map(\.description).joined(separator: "\n")
        for label in Set(result.tree.records.map(\.guessedLabel)).sorted() + ["price:84213", "wantlist-refresh"] {
            text += LabelLookup.json(label: label, matches: LabelLookup.matches(for: label, in: result.tree))
        }
        return (text, result)
    }

    static func copyRecordShelf(into directory: TemporaryDirectory) throws -> String {
        let tree = directory.path + "/RecordShelf"
        try FileManager.default.copyItem(atPath: recordShelf, toPath: tree)
        return tree
    }

    /// The entry files under `cache` (not the per-tree index and program files).
    static func entries(_ cache: String) -> [String] {
        (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? []).filter { !$0.hasSuffix("/") }
            .filter { !$0.contains("index/") && !$0.contains("programs/") && !$0.contains("folders/") }
            .map { cache + "/" + $0 }.filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }

    @Test func outputIsByteIdenticalWithAndWithoutTheCacheOnTheExample() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        let uncached = Self.outputs(Self.recordShelf, cache: nil)
        let cold = Self.outputs(Self.recordShelf, cache: cache)
        let warm = Self.outputs(Self.recordShelf, cache: cache)
        #expect(cold.text == uncached.text)
        #expect(warm.text == uncached.text)
        #expect(cold.result.statistics.filesFromCache == 0)
        // Every file but those the background rules read across files is served from the cache.
        #expect(warm.result.statistics.filesFromCache > 5)
        #expect(warm.result.tree.files.count == uncached.result.tree.files.count - warm.result.statistics.filesFromCache)
        // What the summary line counts is the same; only how files were read differs (--verbose says how).
        let (hit, miss) = (warm.result.statistics, uncached.result.statistics)
        let counted: (LintStatistics) -> [Int] = { [$0.filesFound, $0.filesParsed, $0.bytesFound, $0.sites] }
        #expect(counted(hit) == counted(miss))
        #expect(hit.filesParsedSubFile + hit.wholeFileReasons.values.reduce(0, +) + hit.filesFromCache == hit.filesParsed)
    }

    @Test func outputStaysIdenticalAfterEditsRenamesAndDeletions() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        let tree = try Self.copyRecordShelf(into: directory)
        _ = Self.outputs(tree, cache: cache)
        let sources = tree + "/Sources/RecordShelf"
        let manager = FileManager.default
        // An edit that adds a collision and a duplicate name across files, a rename, a deletion, and a new
        // top-level `Task` type that now shadows sites of cached files in its module.
        let wantlist = sources + "/Wantlist/WantlistStore.swift"
        try (String(contentsOfFile: wantlist, encoding: .utf8) + "\nfunc extra() {\n    Task { await a() }\n    Task(name: \"cloud-sync\") { }\n}\n")
            .write(toFile: wantlist, atomically: true, encoding: .utf8)
        let files = try manager.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }.sorted()
        let renamed = try #require(files.first { !$0.contains("Wantlist") })
        try manager.moveItem(atPath: sources + "/" + renamed, toPath: sources + "/Renamed.swift")
        let deleted = try #require(files.last { !$0.contains("Wantlist") && $0 != renamed })
        try manager.removeItem(atPath: sources + "/" + deleted)
        #expect(Self.outputs(tree, cache: cache).text == Self.outputs(tree, cache: nil).text)
        try "struct Task { var id = 0 }\n".write(toFile: sources + "/OwnTask.swift", atomically: true, encoding: .utf8)
        let shadowed = Self.outputs(tree, cache: cache)
        #expect(shadowed.text == Self.outputs(tree, cache: nil).text)
        #expect(Self.outputs(tree, cache: cache).text == shadowed.text)
    }

    @Test func backgroundFindingsAreReusedOnlyWhileEverythingTheyReadHolds() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        let tree = try Self.copyRecordShelf(into: directory)
        // A handler registered under a constant declared in a file without background code.
        try """
            import BackgroundTasks
            func registerNightly() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: RefreshIdentifiers.nightly, using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
            }
            """.write(toFile: tree + "/Background/Nightly.swift", atomically: true, encoding: .utf8)
        let constants = tree + "/Sources/RecordShelf/RefreshIdentifiers.swift"
        func declare(_ value: String) throws {
            try "enum RefreshIdentifiers { static let nightly = \"\(value)\" }\nfunc warm() { Task { await prefetch() } }\n"
                .write(toFile: constants, atomically: true, encoding: .utf8)
        }
        try declare("com.recordshelf.not-permitted")
        _ = Self.outputs(tree, cache: cache)
        let warm = Self.outputs(tree, cache: cache)
        #expect(warm.text == Self.outputs(tree, cache: nil).text)
        // Every file came from the cache and the background rules did not run.
        #expect(warm.result.tree.files.isEmpty)
        #expect(warm.result.tree.reusedBackgroundFindings != nil)
        #expect(warm.text.contains("com.recordshelf.not-permitted"))

        // The constant now names a permitted identifier: the findings change, with and without the cache alike.
        try declare("com.recordshelf.price-refresh")
        let edited = Self.outputs(tree, cache: cache)
        #expect(edited.text == Self.outputs(tree, cache: nil).text)
        #expect(!edited.text.contains("com.recordshelf.not-permitted"))
        #expect(edited.result.tree.reusedBackgroundFindings == nil)

        // A background file edited while the others come from the cache: their functions were not read, so
        // the reach of the edited file's functions is not known and it is parsed whole; the same output.
        let nightly = tree + "/Background/Nightly.swift"
        try (String(contentsOfFile: nightly, encoding: .utf8) + "\n// edited\n").write(toFile: nightly, atomically: true, encoding: .utf8)
        let touched = Self.outputs(tree, cache: cache)
        #expect(touched.text == Self.outputs(tree, cache: nil).text)
        #expect(touched.result.statistics.wholeFileReasons.keys.contains { $0.hasPrefix("a rule reads the whole file") })

        // An Info.plist edit is an input of the background rules too.
        let plist = tree + "/Background/Info.plist"
        try String(contentsOfFile: plist, encoding: .utf8).replacingOccurrences(of: "com.recordshelf.price-refresh", with: "com.recordshelf.renamed")
            .write(toFile: plist, atomically: true, encoding: .utf8)
        let replisted = Self.outputs(tree, cache: cache)
        #expect(replisted.text == Self.outputs(tree, cache: nil).text)
        #expect(replisted.text != edited.text)
        #expect(Self.outputs(tree, cache: cache).result.tree.reusedBackgroundFindings != nil)
    }

    @Test func corruptOrTruncatedEntriesAreIgnoredAndRewritten() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        let expected = Self.outputs(Self.recordShelf, cache: nil).text
        _ = Self.outputs(Self.recordShelf, cache: cache)
        let entries = Self.entries(cache)
        #expect(entries.count > 5)
        for (index, entry) in entries.enumerated() {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: entry))
            switch index % 3 {
            case 0: bytes = bytes.prefix(bytes.count / 2)                                    // truncated
            case 1: bytes[bytes.count - 10] ^= 0x01                                          // one bit flipped
            default: bytes = Data("taskwarden-cache \(ResultsCache.format) 2 00\n{}".utf8)      // a forged header
            }
            try bytes.write(to: URL(fileURLWithPath: entry))
        }
        let damaged = Self.outputs(Self.recordShelf, cache: cache)
        #expect(damaged.text == expected)
        #expect(damaged.result.statistics.filesFromCache == 0)
        let repaired = Self.outputs(Self.recordShelf, cache: cache)
        #expect(repaired.text == expected)
        // One entry per file, and one for the tree's background rules (``BackgroundFacts``).
        #expect(repaired.result.statistics.filesFromCache + 1 == entries.count)
    }

    @Test func concurrentRunsShareOneCacheSafely() async throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        let expected = Self.outputs(Self.recordShelf, cache: nil).text
        let texts = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { Self.outputs(Self.recordShelf, cache: cache).text } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.allSatisfy { $0 == expected })
        // No temporary files are left, and every entry is whole: the next run is served from the cache.
        #expect(!Self.entries(cache).contains { ($0 as NSString).lastPathComponent.hasPrefix(".") })
        let after = Self.outputs(Self.recordShelf, cache: cache)
        #expect(after.text == expected)
        #expect(after.result.statistics.filesFromCache + 1 == Self.entries(cache).count)
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func stableDescriptionIgnoresDictionaryOrder() {
        var configuration = LintConfiguration()
        for id in ["unnamed-task", "task-name-format", "task-label-collision", "async-let-unnamed"] { configuration.rules[id] = .on(.error) }
        var reversed = LintConfiguration()
        for id in ["async-let-unnamed", "task-label-collision", "task-name-format", "unnamed-task"] { reversed.rules[id] = .on(.error) }
        #expect(StableDescription.of(configuration) == StableDescription.of(reversed))
        reversed.rules["unnamed-task"] = .off
        #expect(StableDescription.of(configuration) != StableDescription.of(reversed))
    }

    @Test func theDefaultFolderFollowsXDGAndHome() {
        #if os(Linux)
        #expect(ResultsCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/taskwarden")
        #expect(ResultsCache.defaultRoot(environment: ["HOME": "/home/u"]) == "/home/u/.cache/taskwarden")
        #expect(ResultsCache.defaultRoot(environment: [:]) == nil)
        #endif
    }
}
