/// What a server says about its rate limit, typically read from response headers such as
/// `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.
public struct RateLimitReport: Sendable, Equatable {
    /// Requests allowed per window.
    public var limit: Int
    /// The window's length.
    public var window: Duration
    /// Requests left in the current window.
    public var remaining: Int
    /// Time until the current window ends, measured from when the report is applied.
    public var resetIn: Duration

    /// Creates a report.
    ///
    /// ```swift
    /// let report = RateLimitReport(limit: 40, window: .seconds(60), remaining: 12, resetIn: .seconds(18))
    /// try limiter.apply(report)
    /// ```
    public init(limit: Int, window: Duration, remaining: Int, resetIn: Duration) {
        self.limit = limit
        self.window = window
        self.remaining = remaining
        self.resetIn = resetIn
    }
}

/// A rate limit that cannot be honoured, naming the offending value.
public enum RateLimitError: Error, Equatable, CustomStringConvertible {
    /// The limit per window must be at least 1.
    case limitBelowOne(Int)
    /// The window must be longer than zero.
    case windowNotPositive(Duration)
    /// A report's remaining count must not be negative or above its limit.
    case remainingOutOfRange(remaining: Int, limit: Int)

    public var description: String {
        switch self {
        case .limitBelowOne(let limit):
            "rate limit must allow at least 1 request per window, got limit \(limit)"
        case .windowNotPositive(let window):
            "rate limit window must be longer than zero, got \(window)"
        case .remainingOutOfRange(let remaining, let limit):
            "rate limit report's remaining \(remaining) is outside 0...\(limit) (its limit)"
        }
    }
}
