#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import Testing
@testable import TaskWardenLint

/// Edits that land during a write, interrupts, and the owner decision.
@Suite struct AtomicSourceWriterRaceTests {
    let old = Array("old\n".utf8)
    let new = Array("new\n".utf8)

    func makeFile() throws -> (directory: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-race-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/Library.swift"
        try Data(old).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    @Test func anAppendAfterTheContentCheckIsNotLost() throws {
        let file = try makeFile()
        let writer = AtomicSourceWriter(afterContentCheck: { target in
            let handle = FileHandle(forWritingAtPath: target)!
            handle.seekToEndOfFile()
            handle.write(Data("appended\n".utf8))
            handle.closeFile()
        })
        #expect(throws: SourceWriteError.changedDuringRun(path: file.path)) {
            try writer.replace(file.path, expecting: old, with: new)
        }
        #expect(AtomicSourceWriter.readBytes(file.path) == old + Array("appended\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory) == ["Library.swift"])
    }

    /// Appends `text` to the file at `path`, as a logger or a second editor would.
    static func append(_ text: String, to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    @Test func anAppendAfterTheLastCheckIsNotLost() throws {
        let file = try makeFile()
        // The append lands after the last stat check, right before the file is replaced.
        let writer = AtomicSourceWriter(beforeReplacement: { Self.append("appended\n", to: $0) })
        #expect(throws: SourceWriteError.changedDuringRun(path: file.path)) {
            try writer.replace(file.path, expecting: old, with: new)
        }
        #expect(AtomicSourceWriter.readBytes(file.path) == old + Array("appended\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory) == ["Library.swift"])
    }

    @Test func aFileReplacedByAnotherWriterAfterTheLastCheckIsPutBack() throws {
        let file = try makeFile()
        // An editor that saves by renaming its own temporary over the file, after the last check.
        let writer = AtomicSourceWriter(beforeReplacement: { target in
            try? Data("theirs\n".utf8).write(to: URL(fileURLWithPath: target + ".editor"))
            rename(target + ".editor", target)
        })
        #expect(throws: SourceWriteError.changedDuringRun(path: file.path)) {
            try writer.replace(file.path, expecting: old, with: new)
        }
        #expect(AtomicSourceWriter.readBytes(file.path) == Array("theirs\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory) == ["Library.swift"])
    }

    @Test func withoutASwapTheWindowBetweenTheLastCheckAndTheRenameRemains() throws {
        // A system or file system that cannot swap two entries: the file is renamed over, and an append in
        // that window is lost (Guides/Fix.md states the window's size). The replacement itself still works.
        let file = try makeFile()
        let writer = AtomicSourceWriter(exchange: .unsupported, beforeReplacement: { Self.append("appended\n", to: $0) })
        try writer.replace(file.path, expecting: old, with: new)
        #expect(AtomicSourceWriter.readBytes(file.path) == new)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory) == ["Library.swift"])
    }

    @Test func theSystemSwapsEntriesHere() throws {
        // Where this suite runs (Linux ext4, tmpfs, overlayfs; APFS), the swap exists: the window is closed.
        let file = try makeFile()
        let other = file.directory + "/Other.swift"
        try Data(new).write(to: URL(fileURLWithPath: other))
        #expect(FileExchange.system.exchange(other, file.path) == .exchanged)
        #expect(AtomicSourceWriter.readBytes(file.path) == new)
        #expect(AtomicSourceWriter.readBytes(other) == old)
        #expect(FileExchange.system.exchange(file.directory + "/Missing.swift", file.path) == .failed(ENOENT))
    }

    @Test func anInterruptRemovesTheTemporariesAndStopsTheRename() throws {
        let file = try makeFile()
        let registry = TemporaryFileRegistry()
        // The interrupt arrives while the new bytes are being written.
        let writer = AtomicSourceWriter(writeCall: { descriptor, buffer in
            let count = write(descriptor, buffer.baseAddress, buffer.count)
            #expect(registry.interrupt() == 1)
            return count
        }, temporaries: registry)
        #expect(throws: SourceWriteError.interrupted(path: file.path)) {
            try writer.replace(file.path, expecting: old, with: new)
        }
        #expect(AtomicSourceWriter.readBytes(file.path) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory) == ["Library.swift"])
        // And nothing is written after it.
        #expect(throws: SourceWriteError.interrupted(path: file.path)) {
            try AtomicSourceWriter(temporaries: registry).replace(file.path, expecting: old, with: new)
        }
    }

    @Test func sigtermDuringTheWriteRemovesTheTemporaryThenTerminates() throws {
        let file = try makeFile()
        let registry = TemporaryFileRegistry()
        let terminatedWith = Mutex<Int32?>(nil)
        InterruptCleanup.install(registry: registry, terminate: { signal in terminatedWith.withLock { $0 = signal } })
        defer { InterruptCleanup.uninstall() }
        let writer = AtomicSourceWriter(writeCall: { descriptor, buffer in
            let count = write(descriptor, buffer.baseAddress, buffer.count)
            kill(getpid(), SIGTERM)
            // Wait for the handler's thread (not a timing assertion: the test fails below if it never runs).
            for _ in 0..<2_000 where terminatedWith.withLock({ $0 }) == nil { usleep(5_000) }
            return count
        }, temporaries: registry)
        #expect(throws: SourceWriteError.interrupted(path: file.path)) {
            try writer.replace(file.path, expecting: old, with: new)
        }
        #expect(terminatedWith.withLock { $0 } == SIGTERM)
        #expect(AtomicSourceWriter.readBytes(file.path) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory) == ["Library.swift"])
    }

    @Test func theOwnerDecision() {
        let mine = ReplacedFileStatus(linkCount: 1, owner: 501, group: 20, mode: 0o644)
        #expect(AtomicSourceWriter.identityProblem(of: mine, runningAs: 501, inGroups: [20]) == nil)
        // Another user's file, writable through its group: a new file would belong to us.
        let theirs = ReplacedFileStatus(linkCount: 1, owner: 502, group: 20, mode: 0o664)
        #expect(AtomicSourceWriter.identityProblem(of: theirs, runningAs: 501, inGroups: [20])?.reason.contains("owned by user 502") == true)
        // A group we are not in.
        let otherGroup = ReplacedFileStatus(linkCount: 1, owner: 501, group: 30, mode: 0o2755)
        #expect(AtomicSourceWriter.identityProblem(of: otherGroup, runningAs: 501, inGroups: [20])?.reason.contains("group 30") == true)
        // A superuser can give the new file any owner and group…
        #expect(AtomicSourceWriter.identityProblem(of: theirs, runningAs: 0, inGroups: [0]) == nil)
        // …but not keep hard links together.
        let linked = ReplacedFileStatus(linkCount: 3, owner: 0, group: 0, mode: 0o644)
        #expect(AtomicSourceWriter.identityProblem(of: linked, runningAs: 0, inGroups: [0])?.reason.contains("3 hard links") == true)
    }

    @Test func theTemporaryPatternIsRecognisedExactly() {
        let names: Set<String> = ["Library.swift"]
        #expect(StaleTemporaries.ownerProcess(of: ".Library.swift.taskwarden-123-aB3dEf", names: names) == .process(123))
        #expect(StaleTemporaries.ownerProcess(of: ".Library.swift.taskwarden-aB3dEf", names: names) == .unknown)
        #expect(StaleTemporaries.ownerProcess(of: ".Library.swift.taskwarden-aB3dE", names: names) == nil)
        #expect(StaleTemporaries.ownerProcess(of: ".Library.swift.taskwarden-12x-aB3dEf", names: names) == nil)
        #expect(StaleTemporaries.ownerProcess(of: ".Other.swift.taskwarden-aB3dEf", names: names) == nil)
        #expect(StaleTemporaries.ownerProcess(of: ".Library.swift.taskwarden-aB3dEf.bak", names: names) == nil)
        let prefix = AtomicSourceWriter.temporaryPrefix(for: "Library.swift", processID: 77)
        #expect(StaleTemporaries.ownerProcess(of: prefix + "Zz9yXw", names: names) == .process(77))
    }
}
