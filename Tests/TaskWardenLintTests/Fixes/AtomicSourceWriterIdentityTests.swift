#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TaskWardenLint

/// What write-by-rename must not lose: mode bits, owner, hard links; and what it must not leave behind.
@Suite struct AtomicSourceWriterIdentityTests {
    let old = Array("old\n".utf8)
    let new = Array("new\n".utf8)

    func makeFile(mode: mode_t = 0o644) throws -> (directory: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-identity-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/Library.swift"
        try Data(old).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return (directory, path)
    }

    func status(_ path: String) -> stat {
        var info = stat()
        stat(path, &info)
        return info
    }

    @Test func keepsSetUIDAndEveryOtherModeBit() throws {
        for mode: mode_t in [0o4755, 0o2755, 0o1644, 0o600] {
            let file = try makeFile(mode: mode)
            try AtomicSourceWriter().replace(file.path, expecting: old, with: new)
            #expect(AtomicSourceWriter.readBytes(file.path) == new)
            #expect(status(file.path).st_mode & 0o7777 == mode, "mode \(String(mode, radix: 8)) became \(String(status(file.path).st_mode & 0o7777, radix: 8))")
        }
    }

    @Test func aFileWithSeveralHardLinksIsRefusedAndLeftAlone() throws {
        let file = try makeFile()
        let other = file.directory + "/Other.swift"
        #expect(link(file.path, other) == 0)
        #expect(throws: SourceWriteError.self) {
            try AtomicSourceWriter().replace(file.path, expecting: old, with: new)
        }
        #expect(status(file.path).st_nlink == 2, "the hard link was split")
        #expect(status(file.path).st_ino == status(other).st_ino)
        #expect(AtomicSourceWriter.readBytes(file.path) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory).sorted() == ["Library.swift", "Other.swift"])
    }

    @Test func theAdviceFitsWhatReplacingWouldLose() throws {
        let group = SourceWriteError.cannotKeepIdentity(path: "d/a.swift", .group(0, user: 65534)).description
        #expect(group == "d/a.swift: belongs to group 0, which user 65534 cannot give a new file; not changed (name it yourself, or run fix as a user in group 0)")
        let owner = SourceWriteError.cannotKeepIdentity(path: "d/a.swift", .owner(502, user: 501)).description
        #expect(owner == "d/a.swift: is owned by user 502; a new file written by user 501 could not keep that owner; not changed (name it yourself, or run fix as user 502)")
        let attributes = SourceWriteError.cannotKeepIdentity(path: "d/a.swift", .attributes(mode: 0o4755)).description
        #expect(attributes == "d/a.swift: its owner, group or mode bits (4755) could not be given to the new file; not changed (name it yourself)")
        // Only a file with hard links is told to replace a link.
        for text in [group, owner, attributes] { #expect(!text.contains("link"), "\(text)") }
        let file = try makeFile()
        #expect(link(file.path, file.directory + "/Other.swift") == 0)
        #expect(throws: SourceWriteError.cannotKeepIdentity(path: file.path, .hardLinks(count: 2))) {
            try AtomicSourceWriter().replace(file.path, expecting: old, with: new)
        }
        #expect(SourceWriteError.cannotKeepIdentity(path: "a.swift", .hardLinks(count: 2)).description
                == "a.swift: has 2 hard links; replacing it would split them; not changed (name it yourself, or replace the link by a copy)")
    }

    @Test func staleTemporariesOfOursNextToTheFileAreRemoved() throws {
        let file = try makeFile()
        let names = [
            ".Library.swift.taskwarden-Ab3dEf",            // an older version's pattern, left by a killed run
            ".Library.swift.taskwarden-99999999-Ab3dEf",   // a run whose process is gone
        ]
        let kept = [
            ".Library.swift.taskwarden-\(getpid())-Zz9yXw",  // a live run (this process)
            ".Library.swift.taskwarden-notours",             // not our exact pattern
            ".Other.swift.taskwarden-Ab3dEf",                // next to a file this run does not write
            "Library.swift.taskwarden-Ab3dEf",               // not hidden: not ours
        ]
        for name in names + kept {
            try Data("x".utf8).write(to: URL(fileURLWithPath: file.directory + "/" + name))
        }
        // Older than the run.
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        for name in names + kept { utimensat(AT_FDCWD, file.directory + "/" + name, &times, 0) }
        var plan = FixPlan(files: [FileFix(path: "Library.swift", absolutePath: file.path, oldBytes: old, newBytes: new, edits: [])])
        FixWriter().write(&plan)
        #expect(plan.problems.isEmpty)
        #expect(AtomicSourceWriter.readBytes(file.path) == new)
        let left = try FileManager.default.contentsOfDirectory(atPath: file.directory).sorted()
        #expect(left == (["Library.swift"] + kept).sorted())
    }
}
