import TaskWardenSupport

/// Identifiers already split into words. Naming splits the same type, function and call names again for every
/// site and every candidate name (about fifty times each on an app); a split walks the identifier byte by byte
/// and allocates each word, and a lookup here costs a small part of that.
///
/// The lock is TaskWarden's one lock, `Locked` (a `pthread_mutex_t` on Linux, which ThreadSanitizer sees; it
/// cannot see `Synchronization.Mutex` hand the lock over there). It is held only to read or write the table,
/// never while splitting, so it cannot be held across a call into other code. The table is emptied whole when
/// it reaches ``capacity``, so a long-lived process never grows it without end.
enum SplitMemo {
    static let capacity = 1 << 16

    private static let table = Locked<[String: [String]]>([:])

    /// The words of `identifier`, split by `split` the first time it is asked for.
    static func words(of identifier: String, splitting split: (String) -> [String]) -> [String] {
        if let known = table.withLock({ $0[identifier] }) { return known }
        let words = split(identifier)
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[identifier] = words
        }
        return words
    }
}
