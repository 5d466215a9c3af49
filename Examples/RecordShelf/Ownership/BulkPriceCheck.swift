// cancellation-discards-results (opt-in): when cancelled, the prices already fetched are thrown away
// instead of being cached.
struct BulkPriceCheck {
    let client: any BulkPriceClient
    let cache: any BulkPriceCache

    func run(releaseIDs: [Int]) async {
        var fetched: [Int: Double] = [:]
        for id in releaseIDs {
            if Task.isCancelled { return }
            fetched[id] = await client.price(for: id)
        }
        await cache.store(fetched)
    }
}

protocol BulkPriceClient: Sendable { func price(for releaseID: Int) async -> Double }
protocol BulkPriceCache: Sendable { func store(_ prices: [Int: Double]) async }
