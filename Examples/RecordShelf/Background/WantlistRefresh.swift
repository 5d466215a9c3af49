import BackgroundTasks
import SwiftUI

// Triggers background-refresh-not-rescheduled (the next request is submitted only after the await, so an
// expiry or a crash during the refresh ends the chain) and background-task-manual-completion.
@main
struct RecordShelfBackgroundApp: App {
    var body: some Scene {
        WindowGroup { AlbumGrid() }
            .backgroundTask(.appRefresh("com.recordshelf.wantlist-refresh")) {
                await WantlistRefresher.shared.refresh()
                WantlistRefresher.scheduleNext()
            }
            .backgroundTask(.appRefresh("com.recordshelf.release-alerts")) {
                ReleaseAlerts.scheduleNext()
                await ReleaseAlerts.shared.checkNewReleases()
                // SwiftUI completes the task when this closure returns; completing it by hand as well is an error.
                await ReleaseAlerts.shared.currentTask?.setTaskCompleted(success: true)
            }
    }
}

final class WantlistRefresher: Sendable {
    static let shared = WantlistRefresher()

    static func scheduleNext() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.recordshelf.wantlist-refresh"))
    }

    func refresh() async {}
}

@MainActor
final class ReleaseAlerts {
    static let shared = ReleaseAlerts()
    var currentTask: BGTask?

    nonisolated static func scheduleNext() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.recordshelf.release-alerts"))
    }

    func checkNewReleases() async {}
}
