import Glibc

/// An actor whose only thread of work is held by `hold()`, so a second call waits in its queue.
actor Gate {
    private var open = false
    func hold() {
        while !open { usleep(20_000) }   // blocks the actor on purpose: the next caller queues behind it
    }
    func touch() {}
}

/// Continuations nobody resumes until the process ends: a task parked on one stays parked.
final class Parking: @unchecked Sendable {
    // @unchecked: `continuations` is only touched with `lock` held.
    private var lock = pthread_mutex_t()
    private var continuations: [CheckedContinuation<Void, Never>] = []
    init() { pthread_mutex_init(&lock, nil) }
    func park() async {
        await withCheckedContinuation { continuation in
            pthread_mutex_lock(&lock)
            continuations.append(continuation)
            pthread_mutex_unlock(&lock)
        }
    }
}

let parking = Parking()
let gate = Gate()

enum KnownTree {
    /// Every shape the reader must tell apart, each task reporting itself.
    static func start() async {
        let alpha = Task(name: "alpha") {
            report(parent: nil, role: "awaits-continuation")
            await parking.park()
        }
        Task(name: "beta") {
            report(parent: nil, role: "awaits-alpha")
            await alpha.value
        }
        Task(name: "gamma") {
            report(parent: nil, role: "awaits-alpha")
            await alpha.value
        }
        Task {
            report(parent: nil, role: "unnamed-sleeper")
            while true { try? await Task.sleep(for: .seconds(3_600)) }
        }
        Task.detached(name: "detached-worker") {
            report(parent: nil, role: "detached")
            await parking.park()
        }
        Task(name: "fan-out") {
            report(parent: nil, role: "group-owner")
            let owner = currentTaskID()
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<3 {
                    group.addTask(name: "fan:\(index)") {
                        report(parent: owner, role: "group-child")
                        let child = currentTaskID()
                        await withTaskGroup(of: Void.self) { inner in
                            for leaf in 0..<4 {
                                inner.addTask(name: "leaf:\(index).\(leaf)") {
                                    report(parent: child, role: "group-child")
                                    await parking.park()
                                }
                            }
                        }
                    }
                }
            }
        }
        Task(name: "pair") {
            report(parent: nil, role: "async-let-owner")
            let owner = currentTaskID()
            async let first: Void = { report(parent: owner, role: "async-let"); await parking.park() }()
            async let second: Void = { report(parent: owner, role: "async-let"); await parking.park() }()
            _ = await (first, second)
        }
        Task(name: "gate-holder") {
            report(parent: nil, role: "holds-gate")
            await gate.hold()
        }
        // Give the holder time to take the gate; then this one queues behind it.
        try? await Task.sleep(for: .milliseconds(200))
        Task(name: "gate-waiter") {
            report(parent: nil, role: "queued-on-gate")
            await gate.touch()
        }
        try? await Task.sleep(for: .milliseconds(300))
        say("READY")
    }
}
