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
@Suite(.serialized, .timeLimit(.minutes(2))) struct CensusEndpointProcessTests {
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

/// `price-check --serve-census` with a small, fast wantlist, in a private runtime folder; killed at deinit.
final class ServedPriceCheck {
    let runtime = TemporaryFolder()
    let process = Process()
    private(set) var socket = ""

    var listed: [CensusSocketFolder.ServedProcess] {
        CensusSocketFolder.servedProcesses(in: CensusSocketFolder.path(runtimeDirectory: runtime.path, temporaryDirectory: nil, userID: geteuid()))
    }

    init() throws {
        let executable = Self.builtProduct("price-check")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(description: "\(executable) is missing: build it first (swift build --build-tests builds it)")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--serve-census", "--items", "12", "--window-ms", "50", "--server-limit", "20", "--latency-ms", "5-20"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait for the socket (a bounded number of looks; the assertion is on content, not on time).
        for _ in 0..<400 {
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
