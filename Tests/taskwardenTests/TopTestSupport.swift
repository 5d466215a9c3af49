import FixtureSupport
import Foundation
import TaskWarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A built product next to the test bundle (`.build/debug/NAME`).
func builtProduct(_ name: String) -> String {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if directory.lastPathComponent == "MacOS" || directory.lastPathComponent.hasSuffix(".xctest") {
        directory = directory.deletingLastPathComponent()
    }
    let nextToTests = directory.appendingPathComponent(name).path
    if FileManager.default.fileExists(atPath: nextToTests) { return nextToTests }
    return RecordShelfExampleTests.repositoryRoot + "/.build/debug/" + name
}

struct TopTestFailure: Error, CustomStringConvertible { var description: String }

/// A private `XDG_RUNTIME_DIR`, removed at deinit.
final class RuntimeFolder {
    let path: String

    init() {
        var template = Array((FileManager.default.temporaryDirectory.path + "/top-test-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    var censusFolder: String { CensusSocketFolder.path(runtimeDirectory: path, temporaryDirectory: nil, userID: geteuid()) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// `price-check --serve-census` with a small, fast wantlist in `runtime`; killed at deinit.
final class ServedExample {
    let process = Process()
    let socket: String

    init(in runtime: RuntimeFolder, latency: String = "5-20") throws {
        let executable = builtProduct("price-check")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw TopTestFailure(description: "\(executable) is missing: build it first (swift build --build-tests builds it)")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--serve-census", "--items", "12", "--window-ms", "50", "--server-limit", "20", "--latency-ms", latency]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let expected = runtime.censusFolder + "/\(process.processIdentifier).census"
        for _ in 0..<400 where !CensusSocketFolder.servedProcesses(in: runtime.censusFolder).contains(where: { $0.path == expected }) {
            usleep(25_000)
        }
        guard CensusSocketFolder.servedProcesses(in: runtime.censusFolder).contains(where: { $0.path == expected }) else {
            throw TopTestFailure(description: "price-check --serve-census never served its census at \(expected)")
        }
        socket = expected
    }

    var pid: Int32 { process.processIdentifier }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
    }
}

/// The built `taskwarden` run as a separate process (`top` discovers sockets through the environment, which
/// an in-process run would share with every other test).
struct ToolRun {
    let status: Int32
    let output: String
    let errors: String

    init(_ arguments: [String], runtime: RuntimeFolder) throws {
        (status, output, errors) = try runTaskwarden(
            arguments, environment: ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
    }
}

/// A detached tmux session on its own server (`-L`), without the user's configuration; killed at deinit.
final class TmuxSession {
    static let executable = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let server = "taskwarden-top-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    init(width: Int, height: Int, command: String) throws {
        // The server this starts inherits the command's standard output: give it none, or reading that pipe to
        // its end would wait for the server to exit.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command], capturing: false)
    }

    deinit { _ = try? tmux(["kill-server"], capturing: false) }

    /// `tmux send-keys`: key names (`Enter`, `Down`, `Escape`) or literal text.
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "0"] + keys) }

    /// The visible screen, one string per row, trailing spaces trimmed.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "0"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The screen once `condition` holds, looking up to `tries` times 50 ms apart; nil if it never held.
    func screen(where condition: ([String]) -> Bool, tries: Int = 200) throws -> [String]? {
        for _ in 0..<tries {
            let rows = try screen()
            if condition(rows) { return rows }
            usleep(50_000)
        }
        return nil
    }

    /// The pane's title, which an OSC 0 or OSC 2 sequence written to the terminal would change.
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "-t", "0", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process id of the tmux server.
    func serverPID() throws -> Int32 {
        Int32(try tmux(["display-message", "-p", "-t", "0", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The process id of the pane's shell.
    func panePID() throws -> Int32 {
        Int32(try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
        let executable = Self.executable ?? "/usr/bin/tmux"
        guard capturing else {
            // Not through Foundation's Process: the server `new-session` starts inherits what Process uses to
            // notice the child's exit, and waiting for it would then wait for the server. posix_spawn + waitpid
            // waits for the client alone.
            let argv = ([executable, "-L", server] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            // Nothing else of this process: the server would keep every descriptor it inherits until it exits,
            // and tests run in parallel, so it would hold the write end of another test's pipe open and that
            // test's read to the end would wait for this server (its pane's `sleep 600`).
            closeAllDescriptors(from: 3, in: &actions)
            // A clean signal mask and default actions: the test runner's threads block signals, and a tmux server
            // (and its panes) inheriting that mask would ignore SIGHUP from kill-server and outlive the test.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t(), defaults = sigset_t()
            sigemptyset(&empty)
            sigemptyset(&defaults)
            for number in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD] { sigaddset(&defaults, number) }
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var pid = pid_t()
            guard posix_spawn(&pid, executable, &actions, &attributes, argv, environ) == 0 else {
                throw TopTestFailure(description: "cannot start \(executable)")
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return ""
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-L", server] + arguments
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
