#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TaskWardenLint

@Suite struct AtomicSourceWriterTests {
    /// A fresh directory holding `Library.swift` with `text`, mode `mode`.
    func makeFile(_ text: String, mode: mode_t = 0o640) throws -> (directory: String, path: String) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("taskwarden-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/Library.swift"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return (directory, path)
    }

    func contents(_ path: String) -> String {
        String(decoding: AtomicSourceWriter.readBytes(path) ?? [], as: UTF8.self)
    }

    func directoryEntries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func replacesTheFileAndKeepsItsPermissions() throws {
        let file = try makeFile("old\n", mode: 0o640)
        try AtomicSourceWriter().replace(file.path, expecting: Array("old\n".utf8), with: Array("new\n".utf8))
        #expect(contents(file.path) == "new\n")
        var status = stat()
        stat(file.path, &status)
        #expect(status.st_mode & 0o777 == 0o640)
        #expect(try directoryEntries(file.directory) == ["Library.swift"])
    }

    @Test func unchangedBytesAreNotWritten() throws {
        let file = try makeFile("same\n")
        var before = stat()
        stat(file.path, &before)
        try AtomicSourceWriter().replace(file.path, expecting: Array("same\n".utf8), with: Array("same\n".utf8))
        var after = stat()
        stat(file.path, &after)
        #expect(before.st_ino == after.st_ino)
    }

    @Test func aFullDiskLeavesTheOldFileAndNoTemporary() throws {
        let file = try makeFile("old contents\n")
        // Writes a few bytes, then fails the way a full disk does.
        let fullDisk = AtomicSourceWriter { descriptor, buffer in
            if buffer.count > 4 { return write(descriptor, buffer.baseAddress, 4) }
            errno = ENOSPC
            return -1
        }
        #expect(throws: SourceWriteError.self) {
            try fullDisk.replace(file.path, expecting: Array("old contents\n".utf8), with: Array("new contents, longer\n".utf8))
        }
        #expect(contents(file.path) == "old contents\n")
        #expect(try directoryEntries(file.directory) == ["Library.swift"])
        do {
            try fullDisk.replace(file.path, expecting: Array("old contents\n".utf8), with: Array("new contents\n".utf8))
        } catch {
            #expect(error.description.contains("Library.swift"))
            #expect(error.description.contains("No space left on device"))
        }
    }

    @Test func aFileChangedDuringTheRunIsNotOverwritten() throws {
        let file = try makeFile("edited by someone else\n")
        #expect(throws: SourceWriteError.changedDuringRun(path: file.path)) {
            try AtomicSourceWriter().replace(file.path, expecting: Array("old\n".utf8), with: Array("new\n".utf8))
        }
        #expect(contents(file.path) == "edited by someone else\n")
        #expect(try directoryEntries(file.directory) == ["Library.swift"])
    }

    @Test func aReadOnlyFileIsReportedAndLeftAlone() throws {
        let file = try makeFile("old\n", mode: 0o444)
        #expect(throws: SourceWriteError.readOnly(path: file.path)) {
            try AtomicSourceWriter().replace(file.path, expecting: Array("old\n".utf8), with: Array("new\n".utf8))
        }
        #expect(contents(file.path) == "old\n")
    }

    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let file = try makeFile("old\n")
        let link = file.directory + "/Link.swift"
        symlink(file.path, link)
        try AtomicSourceWriter().replace(link, expecting: Array("old\n".utf8), with: Array("new\n".utf8))
        #expect(contents(file.path) == "new\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == file.path)
    }
}

