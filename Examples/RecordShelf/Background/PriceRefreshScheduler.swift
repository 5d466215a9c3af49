import BackgroundTasks

// The well-behaved shape: submit the next request first, set an expiration handler, complete exactly once.
enum PriceRefreshScheduler {
    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: nil) { task in
            handlePriceRefresh(task as! BGAppRefreshTask)
        }
    }

    static func scheduleNextPriceRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: "app.recordshelf.price-refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 4 * 3600)
        try? BGTaskScheduler.shared.submit(request)
    }

    static func handlePriceRefresh(_ task: BGAppRefreshTask) {
        scheduleNextPriceRefresh()
        let work = Task {
            let ok = await PriceChecker.shared.refreshWantlistPrices()
            task.setTaskCompleted(success: ok)
        }
        task.expirationHandler = {
            work.cancel()
            task.setTaskCompleted(success: false)
        }
    }
}
