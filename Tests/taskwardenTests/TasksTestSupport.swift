import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fixture process (Tests/Fixtures) for `tasks` and `top --pid`: started (as another user with `setpriv`
/// when `user` is given), waited for until it prints `READY`; its standard input is closed and it is killed if
/// needed when the value goes away. The `TASK <id> <parent> <name> <role>` lines it printed are kept.
final class FixtureProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private(set) var lines: [String] = []

    var pid: Int32 { process.processIdentifier }

    init(_ product: String, _ arguments: [String] = [], user: UInt32? = nil) throws {
        let executable = builtProduct(product)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw TopTestFailure(description: "\(executable) is missing: build it first (swift build --build-tests builds it)")
        }
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var pending = Data()
        let deadline = Date().addingTimeInterval(60)
        let handle = output.fileHandleForReading
        while Date() < deadline, !lines.contains("READY") {
            let data = handle.availableData
            if data.isEmpty { break }
            pending.append(data)
            while let newline = pending.firstIndex(of: 0x0A) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        guard lines.contains("READY") else {
            throw TopTestFailure(description: "\(product) never said READY: \(lines.joined(separator: " | "))")
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        for _ in 0..<200 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The id the fixture reported for the task named `name`.
    func id(of name: String) -> UInt64? {
        for line in lines {
            let fields = line.split(separator: " ")
            if fields.count == 5, fields[0] == "TASK", fields[3] == name { return UInt64(fields[1]) }
        }
        return nil
    }
}

/// Runs the built `taskwarden` (as another user when `user` is given) and captures its status and output.
func runTaskwarden(_ arguments: [String], user: UInt32? = nil) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    if let user {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", builtProduct("taskwarden")] + arguments
    } else {
        process.executableURL = URL(fileURLWithPath: builtProduct("taskwarden"))
        process.arguments = arguments
    }
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}

/// Whether this test run is built with ThreadSanitizer (`swift test --sanitize=thread`): the fixtures are then
/// built with it too, and the reader refuses their 40 TB of shadow memory instead of reading it.
let builtWithThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

/// Whether this test process can start processes as another user (root with setpriv).
let canSwitchUsers = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
