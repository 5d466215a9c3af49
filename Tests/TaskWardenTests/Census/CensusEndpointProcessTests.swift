import Foundation
import Testing
@testable import TaskWarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real process serving its census: the example, `price-check --serve-census`, started with its own
/// runtime folder (`XDG_RUNTIME_DIR`), read through its socket, then ended by a signal or killed.
@Suite(.serialized, .timeLimit(.minutes(10))) struct CensusEndpointProcessTests {
    @Test func theServedExampleSaysHelloAndStreamsTasksAppearingAndEnding() throws {
        let served = try ServedPriceCheck()
        #expect(served.socket == CensusSocketFolder.path(runtimeDirectory: served.runtime.path, temporaryDirectory: nil, userID: geteuid())
                + "/\(served.process.processIdentifier).census")
        let client = try CensusTestClient(path: served.socket)
        let hello = try #require(try client.message())
        #expect(hello["type"] as? String == "hello")
        #expect(hello["protocol"] as? Int == 1)
        #expect(hello["process"] as? String == "price-check")
        #expect(hello["pid"] as? Int == Int(served.process.processIdentifier))

        client.send(#"{"type":"snapshot"}"#)
        let snapshot = try #require(try client.message())
        #expect(snapshot["type"] as? String == "snapshot")

        // Stream until a price lookup is seen, then until that very task has ended.
        client.send(#"{"type":"stream","intervalMs":20}"#)
        let withPrice = try #require(try client.message { taskNames($0).contains { $0.hasPrefix("price:") } })
        let tasks = try #require(withPrice["tasks"] as? [[String: Any]])
        let price = try #require(tasks.first { ($0["name"] as? String)?.hasPrefix("price:") == true })
        #expect(price["family"] as? String == "price")
        #expect(price["file"] as? String == "PriceCheck/PriceCheckRun.swift")
        let round = try #require(tasks.first { ($0["name"] as? String)?.hasPrefix("price-check:round-") == true })
        #expect(price["parent"] as? UInt64 == round["id"] as? UInt64)
        let name = try #require(price["name"] as? String)
        let id = try #require(price["id"] as? UInt64)
        let ended = try client.message { message in
            !((message["tasks"] as? [[String: Any]]) ?? []).contains { $0["id"] as? UInt64 == id }
        }
        #expect(ended != nil, "\(name) never ended")
        // The deliberate leak: one alert per round, none ends.
        #expect(taskNames(try #require(ended)).contains("price-alert:1"))
    }

    @Test func theSocketIs0600InA0700FolderAndSIGTERMRemovesIt() throws {
        let served = try ServedPriceCheck()
        var info = stat()
        #expect(stat(CensusSocketFolder.path(runtimeDirectory: served.runtime.path, temporaryDirectory: nil, userID: geteuid()), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(served.socket, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(served.listed.map(\.pid) == [served.process.processIdentifier])

        served.process.terminate()   // SIGTERM
        served.process.waitUntilExit()
        #expect(served.process.terminationStatus == 0)
        #expect(access(served.socket, F_OK) != 0)
    }

    @Test func aKilledProcessLeavesAStaleSocketThatIsSkippedAndReplaced() throws {
        let served = try ServedPriceCheck()
        kill(served.process.processIdentifier, SIGKILL)
        served.process.waitUntilExit()
        #expect(access(served.socket, F_OK) == 0)              // nobody removed it
        #expect(UnixSocket.occupant(of: served.socket) == .stale)
        #expect(served.listed.isEmpty)                          // `top` will not offer it

        let endpoint = try TaskCensus().serve(at: served.socket, processName: "successor")
        defer { endpoint.close() }
        #expect(try CensusTestClient(path: served.socket).message()?["process"] as? String == "successor")
    }

    /// The served example under `ulimit -n 256`, and 400 connections from the same user: the endpoint admits up
    /// to its cap, tells the rest so, never lets the process run out of descriptors, keeps serving, and SIGTERM
    /// still ends it cleanly with the socket removed.
    @Test func fourHundredConnectionsUnderALowDescriptorLimitAreCappedAndTheProcessLives() throws {
        let served = try ServedPriceCheck(fileDescriptorLimit: 256)
        var connections: [Int32] = []
        defer { for descriptor in connections { close(descriptor) } }
        for _ in 0..<400 {
            let descriptor = try UnixSocket.connect(to: served.socket)
            var timeout = timeval(tv_sec: 120, tv_usec: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            connections.append(descriptor)
        }
        var hellos = 0
        var refusals = 0
        for descriptor in connections {
            var bytes = [UInt8](repeating: 0, count: 512)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            let line = count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
            if line.hasPrefix(#"{"type":"hello""#) { hellos += 1 }
            if line.contains("clients are connected already") { refusals += 1 }
        }
        #expect(hellos == 64)
        #expect(refusals == 336)
        #expect(served.process.isRunning)

        // Still serving: a fresh connection, once the crowd has gone, gets its snapshot.
        for descriptor in connections { close(descriptor) }
        connections = []
        var client: CensusTestClient?
        for _ in 0..<1_000 {
            client = try CensusTestClient(path: served.socket)
            if try client?.message()?["type"] as? String == "hello" { break }
            usleep(20_000)
        }
        client?.send(#"{"type":"snapshot"}"#)
        #expect(try client?.message()?["type"] as? String == "snapshot")
        client = nil

        served.process.terminate()
        served.process.waitUntilExit()
        #expect(served.process.terminationStatus == 0)
        #expect(access(served.socket, F_OK) != 0)
    }

    /// 100 clients × 3,000 snapshot requests, none read: the served process's memory stays within the
    /// endpoint's budget while they are connected, and comes back after they go.
    @Test func aCrowdThatNeverReadsDoesNotKeepTheProcessesMemory() throws {
        let served = try ServedPriceCheck()
        let pid = served.process.processIdentifier
        let before = try #require(residentKilobytes(of: pid))
        var clients: [CensusTestClient] = []
        for _ in 0..<100 {
            let client = try CensusTestClient(path: served.socket)
            client.shrinkReceiveBuffer()
            clients.append(client)
        }
        let requests = String(repeating: #"{"type":"snapshot"}"# + "\n", count: 3_000)
        for client in clients { client.sendRaw(requests) }
        usleep(500_000)
        let during = try #require(residentKilobytes(of: pid))
        clients.removeAll()
        var after = during
        for _ in 0..<400 {
            usleep(50_000)
            after = try #require(residentKilobytes(of: pid))
            if after < before + 40_000 { break }
        }
        // Generous bounds (the budget is 64 MiB of queued bytes; the old endpoint grew by more than 1 GB).
        #expect(during - before < 160_000, "grew by \(during - before) kB while the crowd was connected")
        #expect(after - before < 40_000, "kept \(after - before) kB after the crowd left")
        #expect(served.process.isRunning)
    }

    /// Another user's connection, for real: only possible when the tests run as root with `setpriv` and
    /// `perl` at hand (the decision itself is `CensusEndpointTests.onlyTheSameUserIsAdmitted`).
    @Test(.enabled(if: geteuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0 && access("/usr/bin/perl", X_OK) == 0,
                   "needs root, /usr/bin/setpriv and /usr/bin/perl to connect as another user"))
    func anotherUsersConnectionIsRefused() throws {
        let folder = TemporaryFolder()
        #expect(chmod(folder.path, 0o755) == 0)   // let the other user reach the socket: only the peer check stops it
        let endpoint = try TaskCensus().serve(at: folder.path + "/shared.census")
        defer { endpoint.close() }
        #expect(chmod(endpoint.path, 0o666) == 0)

        let perl = Process()
        perl.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        perl.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/perl", "-MIO::Socket::UNIX", "-e",
                          #"my $s = IO::Socket::UNIX->new(Peer => $ARGV[0]) or die "connect: $!\n"; print scalar <$s>;"#,
                          endpoint.path]
        let output = Pipe()
        perl.standardOutput = output
        try perl.run()
        perl.waitUntilExit()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(line == #"{"type":"error","message":"refused: peer uid 65534 is not the server's uid 0"}"# + "\n")
        #expect(endpoint.statistics.refused == 1)
        #expect(endpoint.statistics.admitted == 0)
    }
}

/// The resident set size of process `pid` in kB, from `/proc`.
func residentKilobytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
}

/// `price-check --serve-census` with a small, fast wantlist, in a private runtime folder; killed at deinit.
final class ServedPriceCheck {
    let runtime = TemporaryFolder()
    let process = Process()
    private(set) var socket = ""

    var listed: [CensusSocketFolder.ServedProcess] {
        CensusSocketFolder.servedProcesses(in: CensusSocketFolder.path(runtimeDirectory: runtime.path, temporaryDirectory: nil, userID: geteuid()))
    }

    /// - Parameter fileDescriptorLimit: started under `ulimit -n` this low, when given.
    init(fileDescriptorLimit: Int? = nil) throws {
        let executable = Self.builtProduct("price-check")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(description: "\(executable) is missing: build it first (swift build --build-tests builds it)")
        }
        let arguments = ["--serve-census", "--items", "12", "--window-ms", "50", "--server-limit", "20", "--latency-ms", "5-20"]
        if let fileDescriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileDescriptorLimit) && exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait for the socket (a bounded number of looks; the assertion is on content, not on time).
        for _ in 0..<2_400 {
            if let first = listed.first { socket = first.path; return }
            usleep(25_000)
        }
        throw Failure(description: "price-check --serve-census never served its census in \(runtime.path)")
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// A product next to the test bundle (`.build/debug/NAME`).
    static func builtProduct(_ name: String) -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" || directory.lastPathComponent.hasSuffix(".xctest") {
            directory = directory.deletingLastPathComponent()
        }
        let nextToTests = directory.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: nextToTests) { return nextToTests }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/\(name)").path
    }
}
