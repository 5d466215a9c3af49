import BackgroundTasks

// Triggers background-task-no-expiration twice (no expiration handler; never completes) and
// background-task-identifier (the identifier is not in Info.plist).
enum ThumbnailCleanupScheduler {
    static func register() {
        // No expiration handler: when the system's time runs out, the cleanup is killed mid-write.
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.thumbnail-cleanup", using: nil) { task in
            Task {
                await ThumbnailStore.shared.removeOrphans()
                task.setTaskCompleted(success: true)
            }
        }
        // Never completes: the system waits, then kills the app and throttles its background time.
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.cover-prefetch", using: nil) { task in
            task.expirationHandler = { ThumbnailStore.shared.cancelPrefetch() }
            ThumbnailStore.shared.prefetchCovers()
        }
    }
}
