import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct SiteListingIsolationTests {
    @Test func listJSONCarriesIsolationPerSite() throws {
        let source = """
            actor PriceCache {
                var prices: [Int: Double] = [:]
                func warm(client: PriceClient) {
                    Task { prices[1] = await client.price(for: 1) }
                    Task { await client.prefetch() }
                }
            }
            @MainActor final class AlbumGridModel {
                func reload() { Task { await load() } }
            }
            final class Legacy: BaseController {
                func reload() { Task { await load() } }
            }
            """
        let result = LintEngine(parallel: false).run(sources: [("PriceCache.swift", source)])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(SiteListing.json(result).utf8)) as? [String: Any])
        let sites = try #require(object["sites"] as? [[String: Any]])
        #expect(sites.count == 4)
        #expect(sites.map { $0["isolation"] as? String } == ["actor", "nonisolated", "MainActor", nil])
        #expect(sites.allSatisfy { $0.keys.contains("isolation") }, "isolation is present, null when unknown")
    }
}
