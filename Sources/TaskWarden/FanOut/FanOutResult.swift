/// One finished child of a fan-out: the item, where it stood in the input, and what the operation returned.
public struct FanOutResult<Item: Sendable, Output: Sendable>: Sendable {
    /// The item's zero-based position in the input sequence; sort by it to get input order back.
    public let index: Int
    /// The item the child worked on.
    public let item: Item
    /// What the operation returned for `item`.
    public let output: Output

    /// Creates a result; the fan-out functions create these for you.
    public init(index: Int, item: Item, output: Output) {
        self.index = index
        self.item = item
        self.output = output
    }
}

extension FanOutResult: Equatable where Item: Equatable, Output: Equatable {}

/// Thrown by the throwing `fanOut(over:maxInFlight:…)` when its result is not complete: a child failed, or the
/// calling task was cancelled before every item succeeded. It carries everything that completed and every error
/// the children threw, so the caller can still apply what it paid for.
///
/// ```swift
/// catch {
///     shelf.apply(error.completed.map(\.output))
///     switch error.reason {
///     case .childFailed(let failure): log.warning("price check stopped at \(failure.item): \(failure.error)")
///     case .cancelled: break   // the check was cancelled; `error.childErrors` holds how the children unwound
///     }
/// }
/// ```
public struct FanOutFailure<Item: Sendable, Output: Sendable>: Error {
    /// Why the fan-out stopped short.
    public enum Reason: Sendable {
        /// A child threw this error first, while the calling task was not cancelled.
        case childFailed(FanOutChildError<Item>)
        /// The calling task was cancelled before every item had succeeded (and before any child failed).
        case cancelled
    }

    /// Why the fan-out stopped short.
    public let reason: Reason
    /// Results that completed successfully, in completion order.
    public let completed: [FanOutResult<Item, Output>]
    /// Every error a child threw, in completion order — the first failure and everything thrown while the
    /// other children unwound (typically `CancellationError`).
    public let childErrors: [FanOutChildError<Item>]

    /// The item that stopped the fan-out: the one whose child failed first; after a cancellation, the item of the
    /// first child that threw while unwinding or, when none threw, the first item that was never started.
    public let failedItem: Item
    /// ``failedItem``'s position in the input sequence.
    public let failedIndex: Int

    /// Creates a failure; the throwing fan-out creates these for you.
    public init(
        reason: Reason, failedItem: Item, failedIndex: Int, completed: [FanOutResult<Item, Output>],
        childErrors: [FanOutChildError<Item>]
    ) {
        self.reason = reason
        self.failedItem = failedItem
        self.failedIndex = failedIndex
        self.completed = completed
        self.childErrors = childErrors
    }

    /// The error that stopped the fan-out: the failing child's error, or `CancellationError` when the caller was
    /// cancelled first.
    public var error: any Error {
        switch reason {
        case .childFailed(let failure): return failure.error
        case .cancelled: return CancellationError()
        }
    }

    /// Creates a failure for a child that threw.
    @available(*, deprecated, message: "use init(reason:failedItem:failedIndex:completed:childErrors:)")
    public init(error: any Error, failedItem: Item, failedIndex: Int, completed: [FanOutResult<Item, Output>]) {
        let failure = FanOutChildError(index: failedIndex, item: failedItem, error: error)
        self.init(
            reason: .childFailed(failure), failedItem: failedItem, failedIndex: failedIndex, completed: completed,
            childErrors: [failure])
    }
}

/// One error a fan-out child threw: the item, where it stood in the input, and the error.
public struct FanOutChildError<Item: Sendable>: Error {
    /// The item's zero-based position in the input sequence.
    public let index: Int
    /// The item the child worked on.
    public let item: Item
    /// What the operation threw.
    public let error: any Error

    /// Creates a child error; the throwing fan-out creates these for you.
    public init(index: Int, item: Item, error: any Error) {
        self.index = index
        self.item = item
        self.error = error
    }
}
