import Foundation
import Synchronization
@testable import taskwarden

/// Runs a command in-process and captures what it writes.
struct CommandRun {
    let status: ExitStatus
    let output: String
    let errors: String

    init(_ arguments: [String], in directory: String) {
        let output = Mutex("")
        let errors = Mutex("")
        let context = CommandContext(
            workingDirectory: directory,
            writeOutput: { text in output.withLock { $0 += text } },
            writeError: { text in errors.withLock { $0 += text } }
        )
        status = CommandLineTool.run(arguments: arguments, context: context)
        self.output = output.withLock { $0 }
        self.errors = errors.withLock { $0 }
    }
}

/// A fresh directory under the system's temporary directory, removed when the value is deinitialised.
final class Workspace {
    let path: String

    init(_ files: [String: String]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-cli-" + UUID().uuidString).path
        for (relative, contents) in files {
            let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func run(_ arguments: String...) -> CommandRun { CommandRun(arguments, in: path) }
}
