/// What a suspended or enqueued task is waiting for: the edges of "who waits on whom".
public enum TaskWait: Sendable, Equatable, CustomStringConvertible {
    /// Another task's value (`await task.value`, an `async let`); its id, and its name when it has one.
    case task(id: UInt64, name: String?)
    /// A continuation (`withCheckedContinuation`, `Task.sleep`, an `AsyncStream` — whatever resumes it).
    case continuation
    /// Its task group's next child (`group.next()`, the end of the group's scope): the group's live children.
    case group(childIDs: [UInt64])
    /// An executor: a busy actor (its type, when it has one), the main actor, or the global pool.
    case executor(ExecutorDescription)

    public var description: String {
        switch self {
        case .task(let id, let name): return "awaiting Task \(id)" + (name.map { " ('\($0)')" } ?? "")
        case .continuation: return "awaiting a continuation"
        case .group(let children): return "awaiting its group (\(children.count) child\(children.count == 1 ? "" : "ren"))"
        case .executor(let executor): return "queued on \(executor)"
        }
    }
}

/// The executor an enqueued task waits for.
public struct ExecutorDescription: Sendable, Equatable, CustomStringConvertible {
    /// The actor or executor object, 0 for the global concurrent executor.
    public var address: UInt64
    /// Its type (`PriceCheck.RateLimiter`, `Swift.MainActor`), when it is a Swift class.
    public var typeName: String?

    public init(address: UInt64, typeName: String?) {
        self.address = address
        self.typeName = typeName
    }

    public var description: String {
        if address == 0 { return "the global executor" }
        if let typeName { return "actor \(typeName)" }
        return "executor 0x\(String(address, radix: 16))"
    }
}
