/// The waiters, first come first served, with O(1) enqueue, dequeue and cancellation at any position.
///
/// Waiters live in a dictionary by id; the arrival order is a list of ids read from a moving head. A cancelled
/// waiter leaves the dictionary at once and its id is skipped when the head reaches it, so nothing under the lock
/// ever scans the queue (with an array scanned for the id, 160,000 waiters took 45× as long to enqueue as 20,000).
struct RateLimiterQueue {
    struct Waiter {
        var continuation: Admission?
    }

    private var waiters: [UInt64: Waiter] = [:]
    private var order: [UInt64] = []
    private var head = 0
    private var nextID: UInt64 = 0

    var isEmpty: Bool { waiters.isEmpty }
    var count: Int { waiters.count }

    /// Adds a waiter at the back; its continuation is stored later (``store(_:for:)``).
    mutating func enqueue() -> UInt64 {
        let id = nextID
        nextID += 1
        waiters[id] = Waiter(continuation: nil)
        order.append(id)
        return id
    }

    mutating func store(_ continuation: Admission, for id: UInt64) {
        if waiters[id] != nil { waiters[id] = Waiter(continuation: continuation) }
    }

    /// Removes a waiter wherever it stands; `nil` if it is not queued.
    mutating func remove(_ id: UInt64) -> Waiter? {
        defer { if waiters.isEmpty { reset() } }
        return waiters.removeValue(forKey: id)
    }

    /// The waiter at the front, removed.
    mutating func dequeue() -> (UInt64, Waiter)? {
        while head < order.count {
            let id = order[head]
            head += 1
            if let waiter = waiters.removeValue(forKey: id) {
                if waiters.isEmpty { reset() } else { compactIfMostlyRead() }
                return (id, waiter)
            }
        }
        return nil
    }

    private mutating func reset() {
        order.removeAll(keepingCapacity: order.count <= 4_096)
        head = 0
    }

    /// Drops the ids already read once they are most of the list, so the list stays proportional to the queue.
    private mutating func compactIfMostlyRead() {
        guard head >= 1_024, head * 2 >= order.count else { return }
        order.removeFirst(head)
        head = 0
    }
}
