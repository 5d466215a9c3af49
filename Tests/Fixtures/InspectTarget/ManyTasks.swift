enum ManyTasks {
    /// `count` named group children, all parked on continuations (no timers: exactly `count` + 1 tasks).
    static func start(count: Int) async {
        Task(name: "many-root") {
            report(parent: nil, role: "group-owner")
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask(name: "many:\(index)") { await parking.park() }
                }
                try? await Task.sleep(for: .milliseconds(100))
                say("READY")
            }
        }
    }
}
