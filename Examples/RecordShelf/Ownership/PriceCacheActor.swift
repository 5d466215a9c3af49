// task-isolation-by-capture (info, opt-in): which executor each task runs on depends on whether its
// closure mentions self.
actor PriceCache {
    private var prices: [Int: Double] = [:]

    func warm(releaseIDs: [Int], client: PriceClient) {
        // Runs on the actor: the closure uses `prices` (self).
        Task {
            for id in releaseIDs { prices[id] = await client.price(for: id) }
        }
        // Runs off the actor: nothing here mentions self.
        Task {
            await client.prefetch(releaseIDs)
        }
    }
}

protocol PriceClient: Sendable {
    func price(for releaseID: Int) async -> Double
    func prefetch(_ releaseIDs: [Int]) async
}
