import BackgroundTasks

// Triggers background-task-identifier: registered twice (the second registration crashes at launch).
enum LegacySync {
    static func registerAll() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.legacy-sync", using: nil) { task in
            CloudSync.handle(task)
        }
    }

    static func registerAgainFromSettings() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.legacy-sync", using: nil) { task in
            CloudSync.handle(task)
        }
    }
}

enum CloudSync {
    static func handle(_ task: BGTask) {
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        task.setTaskCompleted(success: true)
    }
}
