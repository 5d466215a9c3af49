import Foundation
import Synchronization
import Testing
@testable import TaskWarden
import TaskWardenTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The census endpoint served in the test process, read through a raw socket client. (The same endpoint in a
/// separate process — `price-check --serve-census` — is `CensusEndpointProcessTests`.)
@Suite struct CensusEndpointTests {
    @Test func helloThenSnapshotListsEveryFieldOfEveryTask() async throws {
        let folder = TemporaryFolder()
        let census = TaskCensus(clock: ContinuousClock())
        let endpoint = try census.serve(at: folder.path + "/tests.census", processName: "census-tests")
        defer { endpoint.close() }
        let release = Gate()
        let line = #line + 1
        let watch = Warden.task(name: "wantlist-price-watch", census: census) {
            await Warden.withCensusEntry(name: "price:4471", parentID: TaskID.current, census: census) { await release.wait() }
        }
        let client = try CensusTestClient(path: endpoint.path)
        let hello = try #require(try client.message())
        #expect(hello["type"] as? String == "hello")
        #expect(hello["protocol"] as? Int == 1)
        #expect(hello["process"] as? String == "census-tests")
        #expect(hello["pid"] as? Int == Int(getpid()))

        // The child registers itself once it runs: wait until it is there, then ask.
        #expect(await eventually { census.liveCount == 2 })
        client.send(#"{"type":"snapshot"}"#)
        let snapshot = try #require(try client.message())
        #expect(snapshot["type"] as? String == "snapshot")
        #expect(snapshot["count"] as? Int == 2)
        let tasks = try #require(snapshot["tasks"] as? [[String: Any]])
        let parent = try #require(tasks.first { $0["name"] as? String == "wantlist-price-watch" })
        let child = try #require(tasks.first { $0["name"] as? String == "price:4471" })
        #expect(parent["id"] as? UInt64 == watch.taskID.rawValue)
        #expect(parent["family"] as? String == "wantlist-price-watch")
        #expect(parent["file"] as? String == #fileID)
        #expect(parent["line"] as? Int == line)
        #expect((parent["ageMs"] as? Int).map { $0 >= 0 } == true)
        #expect(child["family"] as? String == "price")
        #expect(child["parent"] as? UInt64 == watch.taskID.rawValue)
        #expect(parent["parent"] as? UInt64 == TaskID.current?.rawValue)
        release.open()
        await watch.value
    }

    @Test func aStreamShowsTasksAppearingAndEnding() async throws {
        let folder = TemporaryFolder()
        let census = TaskCensus()
        let endpoint = try census.serve(at: folder.path + "/stream.census")
        defer { endpoint.close() }
        // The stream is read on a thread of its own, as a real client would: a test blocked in `read` on one of
        // the few cooperative threads would stop reading while it awaits, and be dropped as a stuck client.
        // A TestBox, not a Mutex: ThreadSanitizer cannot see Mutex hand-overs on Linux.
        let received = TestBox<[Received]>([])
        // Why the client stopped reading, so a failure below says what the client saw rather than only timing out.
        let clientEnd = TestBox<String?>(nil)
        let path = endpoint.path
        Thread.detachNewThread {
            let client: CensusTestClient
            do {
                client = try CensusTestClient(path: path)
            } catch {
                return clientEnd.mutate { $0 = "connect failed: \(error)" }
            }
            guard let hello = try? client.message() else {
                return clientEnd.mutate { $0 = "no hello (\(client.endReason))" }
            }
            guard hello["type"] as? String == "hello" else { return clientEnd.mutate { $0 = "first line \(hello)" } }
            client.send(#"{"type":"stream","intervalMs":10}"#)
            while true {
                let message: [String: Any]?
                do {
                    message = try client.message()
                } catch {
                    return clientEnd.mutate { $0 = "unreadable line: \(error)" }
                }
                guard let message else {
                    return clientEnd.mutate { $0 = "stream ended after \(received.value.count) messages (\(client.endReason))" }
                }
                received.mutate { $0.append(Received(names: taskNames(message), count: message["count"] as? Int)) }
            }
        }
        // The first message after `index` that satisfies `condition`. Looked for once more when the guard ends, so
        // a test that was not scheduled for a while still sees what the client received meanwhile.
        func snapshot(after index: Int, where condition: (Set<String>, Int?) -> Bool) async -> Int? {
            var found: Int?
            _ = await eventually {
                found = received.mutate { messages in
                    messages.indices.first { $0 > index && condition(messages[$0].names, messages[$0].count) }
                }
                return found != nil
            }
            return found
        }
        func seen() -> String { "client: \(clientEnd.value ?? "still reading"), endpoint: \(endpoint.statistics)" }
        let first = try #require(await snapshot(after: -1) { _, _ in true }, "\(seen())")
        #expect(received.value[first].names.isEmpty)

        let release = Gate()
        let task = Warden.task(name: "thumbnail:7", census: census) { await release.wait() }
        let appeared = try #require(await snapshot(after: first) { names, _ in names.contains("thumbnail:7") }, "\(seen())")
        release.open()
        await task.value
        let ended = await snapshot(after: appeared) { names, count in !names.contains("thumbnail:7") && count == 0 }
        #expect(ended != nil, "\(seen())")
        #expect(endpoint.statistics.dropped == 0, "\(seen())")
    }

    @Test func stopEndsTheStream() throws {
        let folder = TemporaryFolder()
        let endpoint = try TaskCensus().serve(at: folder.path + "/stop.census")
        defer { endpoint.close() }
        let client = try CensusTestClient(path: endpoint.path)
        _ = try client.message()
        client.send(#"{"type":"stream","intervalMs":10}"#)
        client.send(#"{"type":"stop"}"#)
        client.send(#"{"type":"unknown-marker"}"#)
        // Everything before the marker's error reply was queued before the stop took effect; nothing after it.
        _ = try client.message { $0["type"] as? String == "error" }
        let built = endpoint.statistics.snapshotsBuilt
        client.send(#"{"type":"snapshot"}"#)
        #expect(try client.message()?["type"] as? String == "snapshot")
        #expect(endpoint.statistics.snapshotsBuilt == built + 1)
    }

    @Test func badRequestsGetAnErrorLineAndTheConnectionStays() throws {
        let folder = TemporaryFolder()
        let endpoint = try TaskCensus().serve(at: folder.path + "/errors.census")
        defer { endpoint.close() }
        let client = try CensusTestClient(path: endpoint.path)
        _ = try client.message()
        client.send(#"{"type":"dump"}"#)
        #expect(try client.message()?["message"] as? String == "unknown request type 'dump' (known: snapshot, stream, stop)")
        client.send("snapshot please")
        #expect(try client.message()?["message"] as? String == "not a JSON object: snapshot please")
        client.send(#"{"type":"stream","intervalMs":1}"#)
        #expect(try client.message()?["message"] as? String == #"stream needs "intervalMs" between 10 and 3600000"#)
        client.send(#"{"type":"snapshot"}"#)
        #expect(try client.message()?["type"] as? String == "snapshot")
    }

    @Test func socketIs0600InA0700Folder() throws {
        let parent = TemporaryFolder()
        let folder = parent.path + "/taskwarden-\(geteuid())"
        #expect(mkdir(folder, 0o755) == 0)   // left too open, e.g. by an older version: tightened
        try CensusSocketFolder.prepare(folder)
        let endpoint = try TaskCensus().serve(at: folder + "/\(getpid()).census")
        defer { endpoint.close() }
        var info = stat()
        #expect(stat(folder, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(endpoint.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(CensusSocketFolder.servedProcesses(in: folder) == [.init(pid: getpid(), path: endpoint.path)])
    }

    @Test func aFolderThatIsASymbolicLinkIsRefused() throws {
        let parent = TemporaryFolder()
        let folder = parent.path + "/taskwarden-link"
        #expect(symlink(parent.path, folder) == 0)
        #expect(throws: CensusEndpointError.unsafeFolder(folder, reason: "not a folder")) {
            try CensusSocketFolder.prepare(folder)
        }
    }

    @Test func theFolderFollowsXDGRuntimeDirThenTheTempFolder() {
        #expect(CensusSocketFolder.path(runtimeDirectory: "/run/user/1000", temporaryDirectory: "/tmp/x/", userID: 1000)
                == "/run/user/1000/taskwarden-1000")
        #expect(CensusSocketFolder.path(runtimeDirectory: nil, temporaryDirectory: "/var/tmp/", userID: 7)
                == "/var/tmp/taskwarden-7")
        #expect(CensusSocketFolder.path(runtimeDirectory: "relative", temporaryDirectory: nil, userID: 7) == "/tmp/taskwarden-7")
    }

    @Test func closingRemovesTheSocketFile() throws {
        let folder = TemporaryFolder()
        let endpoint = try TaskCensus().serve(at: folder.path + "/close.census")
        #expect(access(endpoint.path, F_OK) == 0)
        endpoint.close()
        #expect(access(endpoint.path, F_OK) != 0)
        endpoint.close()   // twice is harmless
        #expect(throws: CensusEndpointError.system("connect", path: endpoint.path, errno: ENOENT)) {
            _ = try CensusTestClient(path: endpoint.path)
        }
    }

    @Test func aStaleSocketIsReplacedAndALiveOneIsNot() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/stale.census"
        // A socket file whose process is gone: bound, then closed without unlinking (what a crash leaves).
        let crashed = try UnixSocket.make(nonBlocking: false)
        #expect(try UnixSocket.withAddress(path) { bind(crashed, $0, $1) } == 0)
        #expect(listen(crashed, 1) == 0)
        close(crashed)
        #expect(UnixSocket.occupant(of: path) == .stale)
        #expect(CensusSocketFolder.servedProcesses(in: folder.path).isEmpty)

        let endpoint = try TaskCensus().serve(at: path, processName: "replacement")
        defer { endpoint.close() }
        let client = try CensusTestClient(path: path)
        #expect(try client.message()?["process"] as? String == "replacement")

        #expect(throws: CensusEndpointError.inUse(path)) { try TaskCensus().serve(at: path) }
        let second = try CensusTestClient(path: path)
        #expect(try second.message()?["process"] as? String == "replacement")
    }

    @Test func somethingElseAtThePathIsNeverReplaced() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/notes.census"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
        #expect(throws: CensusEndpointError.notASocket(path)) { try TaskCensus().serve(at: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }

    @Test func onlyTheSameUserIsAdmitted() {
        #expect(CensusPeerPolicy.admits(peerUserID: 501, serverUserID: 501) == .admit)
        #expect(CensusPeerPolicy.admits(peerUserID: 0, serverUserID: 501) == .refuse("peer uid 0 is not the server's uid 501"))
        #expect(CensusPeerPolicy.admits(peerUserID: 502, serverUserID: 501) == .refuse("peer uid 502 is not the server's uid 501"))
        #expect(CensusPeerPolicy.admits(peerUserID: nil, serverUserID: 501) == .refuse("peer credentials unavailable"))
    }

    @Test func thePeersUserIDIsReadFromTheSocket() throws {
        let folder = TemporaryFolder()
        let endpoint = try TaskCensus().serve(at: folder.path + "/peer.census")
        defer { endpoint.close() }
        let client = try CensusTestClient(path: endpoint.path)
        _ = try client.message()
        #expect(UnixSocket.peerUserID(client.descriptor) == geteuid())
        #expect(endpoint.statistics.admitted == 1)
    }
}

/// One stream message as the stream test keeps it.
private struct Received: Sendable {
    var names: Set<String>
    var count: Int?
}
