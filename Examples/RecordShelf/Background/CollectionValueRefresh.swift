import BackgroundTasks

// The well-behaved shape: submit the next request first, set an expiration handler, complete exactly once.
enum CollectionValueRefresh {
    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.collection-value-refresh", using: nil) { task in
            handleValueRefresh(task as! BGAppRefreshTask)
        }
    }

    static func scheduleNextValueRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: "com.recordshelf.collection-value-refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 4 * 3600)
        try? BGTaskScheduler.shared.submit(request)
    }

    static func handleValueRefresh(_ task: BGAppRefreshTask) {
        scheduleNextValueRefresh()
        let work = Task {
            let ok = await CollectionValuer.shared.recomputeTotals()
            task.setTaskCompleted(success: ok)
        }
        task.expirationHandler = {
            work.cancel()
            task.setTaskCompleted(success: false)
        }
    }
}
