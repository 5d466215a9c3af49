import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether this test run is built with ThreadSanitizer (`swift test --sanitize=thread`): the fixtures are then
/// built with it too, and the reader refuses their 40 TB of shadow memory instead of reading it.
public let builtWithThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

public struct FixtureFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// An executable the package builds, next to the test bundle (`.build/debug/NAME`).
public func fixtureProduct(_ name: String) -> String {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if directory.lastPathComponent.hasSuffix(".xctest") { directory = directory.deletingLastPathComponent() }
    return directory.appendingPathComponent(name).path
}

/// One `TASK` line a fixture printed about itself: its own id, its parent's, its name and what it does.
public struct ReportedTask: Equatable, Sendable {
    public var id: UInt64
    public var parentID: UInt64?
    public var name: String?
    public var role: String
}

/// A fixture process (Tests/Fixtures) started for a test of the out-of-process reader or of `tasks`/`top --pid`
/// (as another user with `setpriv` when `user` is given): waits for its `READY`, collects the
/// `TASK <id> <parent> <name> <role>` lines it printed about itself, and ends it when released (closing its
/// standard input, then SIGKILL if needed).
///
/// ```swift
/// let target = try FixtureProcess("InspectTarget", ["tree"])
/// let root = target.task(named: "tree-root")
/// ```
public final class FixtureProcess {
    public let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    public private(set) var reported: [ReportedTask] = []
    public private(set) var lines: [String] = []
    private var pending = Data()

    public var pid: Int32 { process.processIdentifier }

    public init(_ product: String, _ arguments: [String] = [], user: UInt32? = nil) throws {
        let executable = fixtureProduct(product)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw FixtureFailure(description: "\(executable) is missing: build it first (swift build --build-tests builds it)")
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
        guard try waitFor("READY") else {
            throw FixtureFailure(description: "\(product) never said READY; it printed: \(lines.joined(separator: " | "))")
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        for _ in 0..<200 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Reads lines until one equals (or starts with) `marker`; false at end of output or after `seconds`.
    @discardableResult
    public func waitFor(_ marker: String, seconds: Double = 60) throws -> Bool {
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                lines.append(line)
                let fields = line.split(separator: " ")
                if fields.count == 5, fields[0] == "TASK", let id = UInt64(fields[1]) {
                    reported.append(ReportedTask(id: id, parentID: UInt64(fields[2]), name: fields[3] == "-" ? nil : String(fields[3]),
                                                 role: String(fields[4])))
                }
                if line.hasPrefix(marker) { return true }
            }
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) >= 0 else { continue }
            if descriptor.revents != 0 {
                let data = handle.availableData
                if data.isEmpty { return false }
                pending.append(data)
            }
        }
        return false
    }

    /// Closes the fixture's standard input (it then finishes and exits) and waits for the rest of its output.
    public func finish() throws -> [String] {
        try input.fileHandleForWriting.close()
        _ = try waitFor("\u{0}never", seconds: 60)
        process.waitUntilExit()
        return lines
    }

    public func task(named name: String) -> ReportedTask? { reported.first { $0.name == name } }

    /// The id the fixture reported for the task named `name`.
    public func id(of name: String) -> UInt64? { task(named: name)?.id }
}
