import Glibc

/// Tasks created and ended as fast as the process can: unstructured tasks, group children and async lets,
/// each named after a serial number, each checking inside that `Task.name` is its own name. Every task's
/// (id, name) goes into a log file as it runs (buffered: memory stays flat however long it churns), so a
/// reader's view can be checked against the truth afterwards.
enum Churn {
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    nonisolated(unsafe) private static var log: UnsafeMutablePointer<FILE>?
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var failures = 0
    nonisolated(unsafe) private static var stopping = false
    nonisolated(unsafe) private static var running = false

    private static func record(expected: String?) {
        let name = Task.name
        let id = currentTaskID()
        let line = "\(id) \(name ?? "-")\n"
        pthread_mutex_lock(lock)
        fputs(line, log)
        count += 1
        if name != expected { failures += 1 }
        pthread_mutex_unlock(lock)
    }

    private static var isStopping: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return stopping
    }

    static func run(log path: String) async {
        pthread_mutex_lock(lock)
        log = fopen(path, "w")
        running = true
        pthread_mutex_unlock(lock)
        say("READY")
        var serial = 0
        while !isStopping {
            var batch: [Task<Void, Never>] = []
            for _ in 0..<64 {
                serial += 1
                let name = "churn:\(serial)"
                batch.append(Task(name: name) {
                    record(expected: name)
                    await withTaskGroup(of: Void.self) { group in
                        for child in 0..<2 {
                            let childName = "\(name).\(child)"
                            group.addTask(name: childName) { record(expected: childName) }
                        }
                    }
                    async let unnamed: Void = record(expected: nil)
                    await unnamed
                })
            }
            for task in batch { await task.value }
        }
        pthread_mutex_lock(lock)
        running = false
        pthread_mutex_unlock(lock)
    }

    /// Ends the churn, waits for it to drain, closes the log, and prints the process's own verdict.
    static func stop() {
        pthread_mutex_lock(lock)
        stopping = true
        let wasRunning = running
        pthread_mutex_unlock(lock)
        guard wasRunning else { return }
        while true {
            pthread_mutex_lock(lock)
            let done = !running
            pthread_mutex_unlock(lock)
            if done { break }
            usleep(10_000)
        }
        pthread_mutex_lock(lock)
        fclose(log)
        say("CHECKS tasks=\(count) failures=\(failures)")
        pthread_mutex_unlock(lock)
    }
}
