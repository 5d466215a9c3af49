import Foundation
import Testing
@testable import TaskWarden
import TaskWardenTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What serving the census may cost is bounded, whatever same-user clients do: how many connect, and how much
/// they make the endpoint queue by asking and never reading.
@Suite(.timeLimit(.minutes(10))) struct CensusEndpointLimitsTests {
    @Test func connectionsBeyondTheCapAreToldSoAndClosed() async throws {
        let folder = TemporaryFolder()
        let endpoint = try TaskCensus().serve(at: folder.path + "/capped.census", maximumClients: 4)
        defer { endpoint.close() }
        let admitted = try (0..<4).map { _ in try CensusTestClient(path: endpoint.path) }
        for client in admitted { #expect(try client.message()?["type"] as? String == "hello") }
        let extra = try (0..<3).map { _ in try CensusTestClient(path: endpoint.path) }
        for client in extra {
            let refusal = try client.message()
            #expect(refusal?["type"] as? String == "error")
            #expect(refusal?["message"] as? String == "refused: 4 clients are connected already")
            #expect(client.line() == nil)                       // and closed
        }
        #expect(endpoint.statistics.refusedOverCapacity == 3)
        // The admitted clients are served as before; when one leaves, a newcomer is admitted.
        admitted[0].send(#"{"type":"snapshot"}"#)
        #expect(try admitted[0].message()?["type"] as? String == "snapshot")
        admitted[1].disconnect()
        #expect(await eventually { endpoint.statistics.clients == 3 })
        #expect(try CensusTestClient(path: endpoint.path).message()?["type"] as? String == "hello")
    }

    /// 100 clients each ask for snapshots thousands of times and read nothing. Per client the queue is capped,
    /// and across clients the total: the clients holding the most are dropped, the total never passes the
    /// budget, and when the clients are gone nothing is left queued.
    @Test func clientsThatNeverReadStayWithinATotalBudget() async throws {
        let folder = TemporaryFolder()
        let census = TaskCensus()
        let endpoint = try census.serve(at: folder.path + "/crowd.census", maximumClients: 128)
        defer { endpoint.close() }
        let release = Gate()
        // 2,000 live tasks: each snapshot is about 250 KB.
        let live = (0..<2_000).map { index in Warden.task(name: "thumbnail:\(index)", census: census) { await release.wait() } }
        let budget = CensusServerLoop.Limits().maximumTotalPendingBytes
        var clients: [CensusTestClient] = []
        for _ in 0..<100 {
            let client = try CensusTestClient(path: endpoint.path)
            client.shrinkReceiveBuffer()
            clients.append(client)
        }
        let requests = String(repeating: #"{"type":"snapshot"}"# + "\n", count: 3_000)
        for client in clients { client.sendRaw(requests) }
        #expect(await eventually { endpoint.statistics.dropped >= 90 })
        let during = endpoint.statistics
        #expect(during.peakPendingBytes <= budget)
        #expect(during.pendingBytes <= budget)
        clients.removeAll()                                     // every client goes away
        #expect(await eventually { endpoint.statistics.clients == 0 })
        #expect(endpoint.statistics.pendingBytes == 0)
        release.open()
        for task in live { await task.value }
    }
}

extension CensusTestClient {
    /// Sends `text` as it is, as much as the endpoint takes before it drops the client (no SIGPIPE then).
    func sendRaw(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { UnixSocket.send(descriptor, $0) }
            if sent <= 0 { return }
            offset += sent
        }
    }
}
