import TaskWarden
import TaskWardenSupport

/// A counter tests share with the tasks they start.
final class Counter: Sendable {
    private let value = Locked(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
