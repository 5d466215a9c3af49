#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import taskwarden

/// Bad input gets a message that names the input and the real reason.
@Suite struct InputMessageTests {
    @Test func aUTF16FileIsCalledUTF16NotBinary() throws {
        let workspace = try Workspace([:])
        var little = Data([0xFF, 0xFE])
        little.append("func f() { Task { } }\n".data(using: .utf16LittleEndian)!)
        try little.write(to: URL(fileURLWithPath: workspace.path + "/Marked.swift"))
        try "func f() { Task { } }\n".data(using: .utf16BigEndian)!.write(to: URL(fileURLWithPath: workspace.path + "/Unmarked.swift"))
        let run = workspace.run("lint", ".")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("Marked.swift: error: is UTF-16 (little-endian), not UTF-8; convert it to UTF-8"), "\(run.errors)")
        #expect(run.errors.contains("Unmarked.swift: error: is UTF-16 (big-endian), not UTF-8; convert it to UTF-8"), "\(run.errors)")
        #expect(!run.errors.contains("binary"))
    }

    @Test func aSelfReferencingLinkIsALoopNotAMissingFile() throws {
        let workspace = try Workspace(["App.swift": "let x = 1\n"])
        #expect(symlink("Loop.swift", workspace.path + "/Loop.swift") == 0)
        let run = workspace.run("lint", ".")
        #expect(run.errors.contains("Loop.swift: error: symbolic link loop"), "\(run.errors)")
        #expect(!run.errors.contains("missing file"))
        let named = workspace.run("lint", "Loop.swift")
        #expect(named.errors.contains("Loop.swift: error: symbolic link loop"), "\(named.errors)")
    }

    @Test func aFileNameThatIsNotUTF8IsCalledThat() throws {
        let workspace = try Workspace(["App.swift": "let x = 1\n"])
        let name = workspace.path + "/Bad\u{FF}.swift"
        var bytes = Array(workspace.path.utf8) + Array("/Bad".utf8) + [0xFF] + Array(".swift".utf8)
        bytes.append(0)
        let descriptor = bytes.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        _ = name
        let run = workspace.run("lint", ".")
        #expect(run.errors.contains("error: file name is not valid UTF-8"), "\(run.errors)")
        #expect(!run.errors.contains("missing file"))
    }

    @Test func aConfigurationThatIsNotUTF8IsCalledThat() throws {
        let workspace = try Workspace(["App.swift": "let x = 1\n"])
        try Data([0x7B, 0x22, 0x69, 0x6E, 0x63, 0x6C, 0x75, 0x64, 0x65, 0x22, 0x3A, 0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D, 0x7D])
            .write(to: URL(fileURLWithPath: workspace.path + "/.taskwarden.json"))
        let run = workspace.run("lint", ".")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains(".taskwarden.json: error: not valid UTF-8 (byte 0xC3 at offset 13)"), "\(run.errors)")
        #expect(!run.errors.contains("DecodingError"))
    }

    @Test func aHugeConfigurationKeyIsNotEchoedWhole() throws {
        let key = String(repeating: "k", count: 1_000_000)
        let workspace = try Workspace(["App.swift": "let x = 1\n", ".taskwarden.json": "{\"\(key)\": 1}"])
        let run = workspace.run("lint", ".")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("unknown key"))
        #expect(run.errors.contains("(1000000 characters)"))
        #expect(run.errors.utf8.count < 2_000, "\(run.errors.utf8.count) bytes of errors")
    }

    @Test func aDuplicatedConfigurationKeyIsReported() throws {
        let workspace = try Workspace([
            "App.swift": "func f() { Task { } }\n",
            ".taskwarden.json": #"{"rules": {"unnamed-task": "off"}, "naming": {"maxLength": 20}, "rules": {"unnamed-task": "error"}}"#,
        ])
        let run = workspace.run("lint", ".")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("key 'rules': appears more than once"), "\(run.errors)")
        let nested = try Workspace(["App.swift": "let x = 1\n", ".taskwarden.json": #"{"naming": {"maxLength": 20, "maxLength": 30}}"#])
        #expect(nested.run("lint", ".").errors.contains("key 'naming.maxLength': appears more than once"))
    }

    @Test func anEmptyPathIsAUsageError() throws {
        let workspace = try Workspace(["App.swift": "func f() { Task { } }\n"])
        for command in ["lint", "list", "fix"] {
            let run = workspace.run(command, "")
            #expect(run.status == .usageOrInputError, "\(command)")
            #expect(run.errors.contains("empty path"), "\(command): \(run.errors)")
            #expect(!run.output.contains("App.swift"), "\(command) must not lint the working directory")
        }
        #expect(try String(contentsOfFile: workspace.path + "/App.swift", encoding: .utf8) == "func f() { Task { } }\n")
    }

    @Test func anEmptyPathOptionIsAUsageErrorNamingTheOption() throws {
        let workspace = try Workspace(["App.swift": "func f() { Task { } }\n"])
        let runs: [(option: String, arguments: [String])] = [
            ("--cache-path", ["lint", "--cache-path", "", "App.swift"]),
            ("--cache-path", ["list", "--cache-path=", "App.swift"]),
            ("--config", ["lint", "--no-cache", "--config", "", "App.swift"]),
            ("--baseline", ["lint", "--no-cache", "--baseline", "", "App.swift"]),
            ("--write-baseline", ["lint", "--no-cache", "--write-baseline", "", "App.swift"]),
            ("--write-plan", ["fix", "--write-plan", "", "App.swift"]),
            ("--plan", ["fix", "--plan", "", "App.swift"]),
            ("--config", ["where", "--config", "", "label"]),
            ("--socket", ["top", "--socket", "", "--once"]),
            ("-o", ["trace", "render", "t.json", "-o", ""]),
        ]
        for (option, arguments) in runs {
            let run = CommandRun(arguments, in: workspace.path)
            #expect(run.status == .usageOrInputError, "\(arguments)")
            #expect(run.errors.hasPrefix("taskwarden \(arguments[0]): \(option): the path is empty\n"), "\(arguments): \(run.errors)")
        }
        // Nothing was made or written in the working folder, and the source is untouched.
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path) == ["App.swift"])
        #expect(try String(contentsOfFile: workspace.path + "/App.swift", encoding: .utf8) == "func f() { Task { } }\n")
    }

    @Test func aNamedFileThatIsNotSwiftIsReported() throws {
        let workspace = try Workspace(["notes.txt": "Task { }\n", "App.swift": "let x = 1\n"])
        let run = workspace.run("lint", "notes.txt")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("notes.txt: error: not a Swift file"), "\(run.errors)")
        // Inside a directory, other files are simply not Swift sources: no message.
        let tree = workspace.run("lint", ".")
        #expect(tree.status == .success)
        #expect(!tree.errors.contains("notes.txt"))
    }
}
