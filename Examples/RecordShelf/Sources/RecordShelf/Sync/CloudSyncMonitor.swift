import Foundation

final class CloudSyncMonitor: @unchecked Sendable {
    var onQuiesced: () -> Void = {}
    private var retryTask: Task<Void, Never>?

    func reconcileIfReady() {
        guard isQuiet else {
            scheduleReconcileRetry()
            // Unnamed on purpose: it shares its label with the backfill task in RecordShelfApp.init().
            Task { await reportPendingChanges() }
            return
        }
        onQuiesced()
    }

    func scheduleReconcileRetry() {
        retryTask?.cancel()
        retryTask = Task(name: "cloud-sync-reconcile-retry") {
            try? await Task.sleep(for: .seconds(2))
            reconcileIfReady()
        }
    }

    func listenForRemoteChanges() async {
        for await change in remoteChanges {
            await apply(change)
        }
    }

    func drainEvents() async {}
    private var isQuiet: Bool { true }
    private func reportPendingChanges() async {}
}
