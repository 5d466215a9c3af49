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

/// Thrown by the throwing `fanOut(over:maxInFlight:…)` when a child fails: the first error, the item it failed on, and every result that completed before the
/// fan-out finished unwinding — so the caller can still apply what it paid for.
public struct FanOutFailure<Item: Sendable, Output: Sendable>: Error {
    /// The first error a child threw (later errors, typically `CancellationError` from siblings, are dropped).
    public let error: any Error
    /// The item whose operation threw `error`.
    public let failedItem: Item
    /// The item's position in the input sequence.
    public let failedIndex: Int
    /// Results that completed, in completion order.
    public let completed: [FanOutResult<Item, Output>]
}
