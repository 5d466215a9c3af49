import BackgroundTasks
import SwiftUI

@main
struct RecordShelfApp: App {
    @State private var library = Library()
    private let cloudSync = CloudSyncMonitor()

    init() {
        // Label failure 1: three unnamed tasks created in one initializer all read "RecordShelfApp.init()".
        Task { await cloudSync.listenForRemoteChanges() }
        Task { await cloudSync.drainEvents() }
        Task.detached(priority: .utility) { await AuthIdentity.load() }

        // Label failure 3: this closure is called by CloudSyncMonitor.reconcileIfReady(), so a profiler
        // labels the backfill after that function, exactly like the reconcile retries it creates.
        cloudSync.onQuiesced = { [library] in
            Task { await library.backfillMasterYears() }
        }

        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.price-refresh", using: nil) { task in
            PriceRefresh.handle(task as! BGAppRefreshTask)
        }
    }

    var body: some Scene {
        WindowGroup {
            ShelfView(library: library)
        }
        .backgroundTask(.appRefresh("com.recordshelf.price-refresh")) {
            await PriceRefresh.scheduleNext()
            await PriceCheckService.shared.refreshWantlistPrices()
        }
    }
}
