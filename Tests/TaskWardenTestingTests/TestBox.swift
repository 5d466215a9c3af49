import Synchronization

/// A value tests share with handlers that run in other tasks.
final class TestBox<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func mutate<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { storage.withLock { body(&$0) } }
}
