import Foundation
import Testing
@testable import TaskWarden
import TaskWardenTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client that stops reading must never slow the served process: its snapshots are not queued without
/// bound, the census keeps registering tasks, and the client is eventually dropped.
@Suite(.timeLimit(.minutes(10))) struct CensusEndpointBackPressureTests {
    @Test func aClientThatStopsReadingIsDroppedWhileTheCensusKeepsAcceptingTasks() async throws {
        let folder = TemporaryFolder()
        let census = TaskCensus()
        let endpoint = try census.serve(at: folder.path + "/stuck.census")
        defer { endpoint.close() }

        // 2,000 live tasks make each snapshot ~250 KB, more than a socket holds: the stuck client fills up fast.
        let release = Gate()
        let live = (0..<2_000).map { index in
            Warden.task(name: "thumbnail:\(index)", census: census) { await release.wait() }
        }
        let stuck = try CensusTestClient(path: endpoint.path)
        stuck.shrinkReceiveBuffer()
        stuck.send(#"{"type":"stream","intervalMs":3600000}"#)
        // …and never reads again: the endpoint now holds a snapshot it cannot deliver.
        try #require(await eventually { endpoint.statistics.snapshotsBuilt > 0 })

        // Meanwhile the app goes on: 1,000 tasks register and leave, and another client is served.
        let other = try CensusTestClient(path: endpoint.path)
        _ = try other.message()
        var registered = 0
        for _ in 0..<10 {
            for index in 0..<100 {
                _ = await Warden.task(name: "price:\(index)", census: census) { index }.value
                registered += 1
            }
            other.send(#"{"type":"snapshot"}"#)
            let reply = try other.message()
            #expect(reply?["count"] as? Int == 2_000, "\(reply.map { "\($0["type"] ?? "?") \($0["count"] ?? $0["message"] ?? "")" } ?? "end of stream"); \(endpoint.statistics)")
        }
        #expect(registered == 1_000)
        #expect(census.liveCount == 2_000)
        #expect(endpoint.statistics.dropped == 0)
        let servedToOthers = 10

        // Once its stream is due often, the stuck client's ticks are skipped and it is dropped.
        stuck.send(#"{"type":"stream","intervalMs":10}"#)
        try #require(await eventually { endpoint.statistics.dropped > 0 })
        let statistics = endpoint.statistics
        #expect(statistics.dropped == 1)
        #expect(statistics.ticksSkipped >= CensusServerLoop.Limits().stallLimit)

        // The dropped client reads what reached its socket, then the end of the stream: the hello and every
        // snapshot but at most one cut short. Skipped ticks built nothing, so nothing else was ever queued.
        var lines = 0
        while stuck.line() != nil { lines += 1 }
        #expect(lines >= 1)
        #expect(statistics.snapshotsBuilt - servedToOthers <= lines)

        // The endpoint still serves others.
        let fresh = try CensusTestClient(path: endpoint.path)
        _ = try fresh.message()
        fresh.send(#"{"type":"snapshot"}"#)
        #expect(try fresh.message()?["count"] as? Int == 2_000)
        release.open()
        for task in live { await task.value }
    }
}
