import Foundation

actor PriceCheckService {
    static let shared = PriceCheckService()

    /// Per-item work with a stable identity segment (the release's database ID).
    func refreshWantlistPrices() async {
        let releases = await Wantlist.shared.releases
        if #available(iOS 18, macOS 15, *) {
            await withTaskGroup(of: Void.self) { group in
                for release in releases {
                    group.addTask(name: "price:\(release.id)") { await self.check(release) }
                }
            }
        } else {
            await withTaskGroup(of: Void.self) { group in
                for release in releases {
                    // A plain group's addTask(name:) back-deploys to iOS 13 / macOS 10.15: named here too.
                    group.addTask { await self.check(release) }
                }
            }
        }
    }

    @available(iOS 18, macOS 15, *)
    func refreshMarketplaces(_ marketplaces: [Marketplace]) async throws {
        try await withThrowingDiscardingTaskGroup { group in
            for marketplace in marketplaces {
                group.addTaskUnlessCancelled { try await marketplace.refresh() }
                group.addImmediateTask(name: "marketplace-open:\(marketplace.id)") { await marketplace.open() }
                group.addImmediateTaskUnlessCancelled { await marketplace.close() }
            }
        }
    }

    func checkNow(_ release: Release) {
        Task.immediate { await self.check(release) }
        Task.immediateDetached(name: "price-check-now") { await PriceLog.flush() }
    }

    private func check(_ release: Release) async {}
}
