import Foundation

// task-self-cycle: the ticker stores a task that loops forever and captures self strongly, so the
// ticker is never deinitialised and the cancel in deinit never runs.
final class PriceTicker {
    private var tickTask: Task<Void, Never>?
    private var latest: [Int: Double] = [:]

    func start() {
        tickTask = Task {
            while !Task.isCancelled {
                await refreshLatestPrices()
                try? await Task.sleep(for: .seconds(30))
            }
        }
    }

    deinit { tickTask?.cancel() }

    func refreshLatestPrices() async {}
}

// weak-self-unwrapped-once: `guard let self` before the loop re-creates the strong reference for good.
final class WantlistWatcher {
    private var watchTask: Task<Void, Never>?

    func start() {
        watchTask = Task { [weak self] in
            guard let self else { return }
            for await _ in NotificationCenter.default.notifications(named: .wantlistDidChange) {
                await self.reloadWantlist()
            }
        }
    }

    deinit { watchTask?.cancel() }

    func reloadWantlist() async {}
}

// Does not trigger: unwraps once per iteration, so self can go away between iterations.
final class CollectionValueTracker {
    private var trackTask: Task<Void, Never>?

    func start() {
        trackTask = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                await self.recomputeValue()
                try? await Task.sleep(for: .seconds(300))
            }
        }
    }

    func recomputeValue() async {}
}

extension Notification.Name {
    static let wantlistDidChange = Notification.Name("wantlistDidChange")
}
