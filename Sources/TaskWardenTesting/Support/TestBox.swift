import TaskWarden
import TaskWardenSupport

/// A value a test shares with handlers and tasks that run elsewhere: what they record, the test reads back.
///
/// ```swift
/// let ran = TestBox(false)
/// try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in
///     ran.mutate { $0 = true }
/// }
/// // … run the simulator past the request's earliest begin date …
/// #expect(ran.value)
/// ```
///
/// Every access takes a lock (`Locked`, which ThreadSanitizer understands), so the box is safe to share
/// across tasks; `mutate` is one critical section, so read-modify-write steps do not interleave.
public final class TestBox<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    /// Creates a box holding `value`.
    public init(_ value: Value) { storage = Locked(value) }

    /// The value now.
    public var value: Value { storage.withLock { $0 } }

    /// Changes the value in place under the lock and returns what `body` returns.
    public func mutate<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { storage.withLock { body(&$0) } }
}
