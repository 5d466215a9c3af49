#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import Testing
@testable import TaskWardenLint

/// The results cache under attack: what is in its folder is never waited on, never trusted for another file
/// or beyond the file's size, and a folder others can write is not used at all.
@Suite struct ResultsCacheAttackTests {
    typealias Outputs = ResultsCacheTests

    /// A cold run of the example into a fresh cache: the cache folder, and the uncached output to compare with.
    static func warmedCache() throws -> (directory: TemporaryDirectory, cache: String, expected: String) {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        let expected = Outputs.outputs(Outputs.recordShelf, cache: nil).text
        #expect(Outputs.outputs(Outputs.recordShelf, cache: cache).text == expected)
        return (directory, cache, expected)
    }

    /// The cache of `root` as a run opens it.
    static func openCache(_ root: String) throws -> ResultsCache {
        guard case .success(let cache) = ResultsCache.open(root: root) else { throw CacheTestFailure.refused }
        return cache
    }

    enum CacheTestFailure: Error { case refused, noEntry }

    /// The key and facts of the entry for the example's file at `path` (relative to the example).
    static func entry(for path: String, in root: String) throws -> (key: String, facts: FileFacts, cache: ResultsCache) {
        let cache = try openCache(root)
        for entry in Outputs.entries(root) {
            let key = (entry as NSString).lastPathComponent
            if let facts = cache.load(key), facts.records.first?.position.file == path { return (key, facts, cache) }
        }
        throw CacheTestFailure.noEntry
    }

    static let sitesFile = "Sources/RecordShelf/Thumbnails/ThumbnailRenderer.swift"
    static let otherFile = "Sources/RecordShelf/Prices/PriceCheckService.swift"

    @Test func aFIFOAtAnEntrysPathDoesNotHangLint() throws {
        let (directory, cache, expected) = try Self.warmedCache()
        _ = directory
        let entries = Outputs.entries(cache)
        for entry in entries {
            unlink(entry)
            #expect(mkfifo(entry, 0o600) == 0)
        }
        // A watchdog that frees a reader stuck on a FIFO after 20 s, and says so: the test fails instead of hanging.
        let finished = Mutex(false)
        let unblocked = Mutex(false)
        let watchdog = Thread {
            for _ in 0..<400 where !finished.withLock({ $0 }) { usleep(50_000) }
            guard !finished.withLock({ $0 }) else { return }
            for entry in entries {
                let descriptor = open(entry, O_WRONLY | O_NONBLOCK)
                if descriptor >= 0 {
                    unblocked.withLock { $0 = true }
                    close(descriptor)
                }
            }
        }
        watchdog.start()
        let run = Outputs.outputs(Outputs.recordShelf, cache: cache)
        finished.withLock { $0 = true }
        #expect(!unblocked.withLock { $0 })
        #expect(run.text == expected)
        #expect(run.result.statistics.filesFromCache == 0)
    }

    @Test func anEntryLinkedToAnotherFilesEntryIsNotFollowed() throws {
        let (directory, cache, expected) = try Self.warmedCache()
        _ = directory
        let mine = try Self.entry(for: Self.sitesFile, in: cache)
        let other = try Self.entry(for: Self.otherFile, in: cache)
        let folder = mine.cache.directory
        let path = "\(folder)/\(mine.key.prefix(2))/\(mine.key)"
        unlink(path)
        symlink("\(folder)/\(other.key.prefix(2))/\(other.key)", path)
        #expect(Outputs.outputs(Outputs.recordShelf, cache: cache).text == expected)
    }

    /// A well-formed entry, with a valid header, whose facts were changed: each is a miss, and the file is parsed.
    @Test func wellFormedEntriesThatDoNotFitTheirFileAreNotUsed() throws {
        let forgeries: [(String, (inout FileFacts) -> Void)] = [
            ("a finding moved to another file", { $0.findings[0].position.file = Self.otherFile }),
            ("a related location in another file", {
                $0.findings[0].related.append(RelatedLocation(position: SourcePosition(file: Self.otherFile, line: 1, column: 1, utf8Offset: 0), message: "x"))
            }),
            ("a line count of fifty million", { $0.suppressions.lineCount = 50_000_000 }),
            ("a suppression beyond the last line", { $0.suppressions.lines[900] = "// taskwarden:disable all" }),
            ("a site beyond the end of the file", { $0.records[0].position.utf8Offset = 1 << 40 }),
            ("a site in another file", { $0.records[0].position.file = Self.otherFile }),
            ("a token longer than the file", { $0.records[0].tokenLength = 1 << 40 }),
            ("a problem of another file", { $0.problems.append(.init(path: Self.otherFile, kind: "syntax errors", detail: "x")) }),
        ]
        for (what, forge) in forgeries {
            let (directory, cache, expected) = try Self.warmedCache()
            _ = directory
            let entry = try Self.entry(for: Self.sitesFile, in: cache)
            try #require(!entry.facts.findings.isEmpty && !entry.facts.records.isEmpty)
            var facts = entry.facts
            forge(&facts)
            entry.cache.store(facts, entry.key)
            #expect(entry.cache.load(entry.key) == facts, "\(what): stored with a valid header")
            let run = Outputs.outputs(Outputs.recordShelf, cache: cache)
            #expect(run.text == expected, "\(what)")
            #expect(run.result.tree.cachedFile(Self.sitesFile) == nil, "\(what): the entry was used")
        }
    }

    @Test func aCacheFolderOthersCanWriteIsNotUsed() throws {
        for mode: mode_t in [0o775, 0o757, 0o1777] {
            let (directory, cache, expected) = try Self.warmedCache()
            _ = directory
            chmod(cache, mode)
            let before = Outputs.entries(cache).count
            let run = Outputs.outputs(Outputs.recordShelf, cache: cache)
            let note = run.result.problems.first { $0.kind == .cacheNotUsed }
            // The same output, and one note more on standard error.
            let noteText = note?.description ?? ""
            let withoutNote = run.text.contains(noteText + "\n") ? run.text.replacingOccurrences(of: noteText + "\n", with: "")
                : run.text.replacingOccurrences(of: noteText, with: "")
            #expect(withoutNote == expected)
            #expect(run.result.statistics.filesFromCache == 0)
            #expect(note?.path == cache, "mode \(String(mode, radix: 8))")
            #expect(note?.isError == false)
            #expect(note?.detail.contains(mode & 0o002 != 0 ? "is writable by others" : "is writable by its group") == true)
            #expect(Outputs.entries(cache).count == before)
            // The folder above is checked too.
            chmod(cache, 0o700)
            chmod(directory.path, 0o770)
            #expect(Outputs.outputs(Outputs.recordShelf, cache: cache).result.problems.contains { $0.kind == .cacheNotUsed && $0.path == directory.path })
            chmod(directory.path, 0o700)
        }
    }

    @Test func foldersOfOtherUsersAndStickyFoldersAbove() {
        var status = stat()
        status.st_mode = S_IFDIR | 0o755
        status.st_uid = 501
        #expect(CacheFolder.problem(status, user: 501, isCacheFolder: true) == nil)
        #expect(CacheFolder.problem(status, user: 502, isCacheFolder: true)?.contains("belongs to user 501") == true)
        status.st_uid = 0
        #expect(CacheFolder.problem(status, user: 502, isCacheFolder: false) == nil)
        // /tmp: writable by all, but sticky: nobody can replace what another put there. Not as the cache folder.
        status.st_mode = S_IFDIR | 0o1777
        #expect(CacheFolder.problem(status, user: 502, isCacheFolder: false) == nil)
        #expect(CacheFolder.problem(status, user: 502, isCacheFolder: true) != nil)
        status.st_mode = S_IFREG | 0o600
        #expect(CacheFolder.problem(status, user: 0, isCacheFolder: false) == "is not a folder")
    }

    @Test func aNewCacheFolderIsPrivate() throws {
        let directory = try TemporaryDirectory()
        _ = Outputs.outputs(Outputs.recordShelf, cache: directory.path + "/new/cache")
        var status = stat()
        stat(directory.path + "/new/cache", &status)
        #expect(status.st_mode & 0o777 == 0o700)
    }

    @Test func sigtermWhileAnEntryIsWrittenLeavesNoTemporary() throws {
        let directory = try TemporaryDirectory()
        let registry = TemporaryFileRegistry()
        let terminatedWith = Mutex<Int32?>(nil)
        InterruptCleanup.install(registry: registry, terminate: { signal in terminatedWith.withLock { $0 = signal } })
        defer { InterruptCleanup.uninstall() }
        let opened = ResultsCache.open(root: directory.path, temporaries: registry, writeCall: { descriptor, buffer in
            let count = write(descriptor, buffer.baseAddress, buffer.count)
            kill(getpid(), SIGTERM)
            // Wait for the handler's thread (not a timing assertion: the test fails below if it never runs). The
            // bound is a minute: under ThreadSanitizer on a loaded two-core host the thread took over ten seconds.
            for _ in 0..<12_000 where terminatedWith.withLock({ $0 }) == nil { usleep(5_000) }
            return count
        })
        guard case .success(let cache) = opened else { Issue.record("refused"); return }
        cache.store(FileFacts.empty, String(repeating: "ab", count: 32))
        #expect(terminatedWith.withLock { $0 } == SIGTERM)
        #expect(Outputs.entries(directory.path).isEmpty)
    }

    @Test func temporariesOfAKilledRunAreRemovedWhenTheirFolderIsWrittenAgain() throws {
        let (directory, cache, _) = try Self.warmedCache()
        _ = directory
        let entry = try Self.entry(for: Self.sitesFile, in: cache)
        let folder = "\(entry.cache.directory)/\(entry.key.prefix(2))"
        // A process id that cannot exist (above the kernel's limit), and one that does (ours is skipped, as is any live one).
        let stale = "\(folder)/.\(entry.key).taskwarden-99999999-aB3dEf"
        let live = "\(folder)/.\(entry.key).taskwarden-1-aB3dEf"
        for path in [stale, live] { _ = FileManager.default.createFile(atPath: path, contents: Data("half".utf8)) }
        var facts = entry.facts
        facts.constants["x"] = ["y"]
        entry.cache.store(facts, entry.key)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }
}
