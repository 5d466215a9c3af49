import TaskWarden
import TaskWardenSupport

/// Remembers when each item was last checked and hands out the next run's work list: never-checked items
/// first, then the stalest first. Every ``markChecked(_:)`` saves to the store at once, so a run that expires or
/// is killed keeps everything it applied, and the next run starts where coverage is thinnest — instead of
/// walking the same first few dozen items every time.
///
/// ```swift
/// let ledger = try RefreshLedger(items: wantlist.map(\.releaseID), clock: clock,
///                                store: FileLedgerStore(url: ledgerURL))
/// let work = ledger.workList()                      // stalest first; the fan-out pulls lazily
/// let prices = await fanOut(over: work, maxInFlight: 6, name: { "price:\($0)" }) { try? await api.price($0) }
/// await withCancellationShield {
///     for result in prices where result.output != nil {
///         shelf.apply(result.output!, to: result.item)
///         _ = try? ledger.markChecked(result.item)  // saved now
///     }
/// }
/// ```
///
/// Thread safety: all methods may be called from any task; saves happen under the ledger's lock, in order, so
/// an older snapshot can never overwrite a newer one.
public final class RefreshLedger<Item: Hashable & Sendable, C: Clock>: Sendable where C.Instant: Sendable {
    private struct State {
        var items: [Item]
        var position: [Item: Int]
        var lastChecked: [Item: C.Instant]
        /// A save failed since the last successful one: the store misses more than one change, so the next save
        /// must not name a single `changedItem` (an in-place store would skip the entries that failed).
        var hasUnsavedChanges = false

        /// Saves the whole ledger; `changedItem` is passed on only when it is the one change since the last
        /// successful save.
        mutating func save(to store: any LedgerStore<Item, C.Instant>, changedItem: Item?) throws {
            let changed = hasUnsavedChanges ? nil : changedItem
            hasUnsavedChanges = true
            try store.save(lastChecked, changedItem: changed)
            hasUnsavedChanges = false
        }
    }

    /// Where "checked at" comes from.
    public let clock: C
    private let store: any LedgerStore<Item, C.Instant>
    private let state: Locked<State>

    /// Creates a ledger over `items` (in the order ties are broken), loading what `store` saved before.
    /// Saved entries for items no longer in `items` are dropped.
    /// - Throws: whatever the store throws while loading (``LedgerError/unreadableStore(path:reason:)`` for files).
    public init(items: [Item], clock: C, store: some LedgerStore<Item, C.Instant>) throws {
        self.clock = clock
        self.store = store
        let saved = try store.load()
        let unique = Self.unique(items)
        let position = Dictionary(uniqueKeysWithValues: unique.enumerated().map { ($1, $0) })
        state = Locked(State(items: unique, position: position, lastChecked: saved.filter { position[$0.key] != nil }))
    }

    /// The items the ledger tracks, in their original order.
    public var items: [Item] { state.withLock { $0.items } }

    /// When `item` was last checked, or `nil` if never.
    public func lastChecked(_ item: Item) -> C.Instant? { state.withLock { $0.lastChecked[item] } }

    /// How many tracked items were checked at least once.
    public var checkedCount: Int { state.withLock { $0.lastChecked.count } }

    /// The next run's work: never-checked items first (in item order), then every other item stalest first
    /// (ties in item order). Take a prefix, or hand the whole list to a lazy fan-out that stops when the run
    /// expires.
    /// - Parameter limit: at most this many items; `nil` for all of them.
    public func workList(limit: Int? = nil) -> [Item] {
        state.withLock { state in
            var never: [Item] = []
            // (position, last checked): sorting on these avoids hashing items inside the comparator.
            var checked: [(Int, C.Instant)] = []
            checked.reserveCapacity(state.lastChecked.count)
            for (position, item) in state.items.enumerated() {
                if let instant = state.lastChecked[item] { checked.append((position, instant)) } else { never.append(item) }
            }
            checked.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            let wanted = limit.map { max(0, $0) } ?? Int.max
            var ordered = Array(never.prefix(wanted))
            for (position, _) in checked.prefix(wanted - ordered.count) { ordered.append(state.items[position]) }
            return ordered
        }
    }

    /// Records that `item` was checked now and saves the ledger before returning.
    ///
    /// An item the ledger does not track (the wantlist changed while a run was in flight) is ignored and `false`
    /// is returned.
    /// - Throws: whatever the store throws; the in-memory record is kept either way, so a later save retries it.
    @discardableResult
    public func markChecked(_ item: Item) throws -> Bool {
        let now = clock.now
        return try state.withLock { state in
            guard state.position[item] != nil else { return false }
            state.lastChecked[item] = now
            try state.save(to: store, changedItem: item)
            return true
        }
    }

    /// Replaces the tracked items (the wantlist changed): new items start never-checked, removed items are
    /// forgotten. Saves.
    public func replaceItems(_ items: [Item]) throws {
        let unique = Self.unique(items)
        try state.withLock { state in
            state.items = unique
            state.position = Dictionary(uniqueKeysWithValues: unique.enumerated().map { ($1, $0) })
            state.lastChecked = state.lastChecked.filter { [position = state.position] in position[$0.key] != nil }
            try state.save(to: store, changedItem: nil)
        }
    }

    private static func unique(_ items: [Item]) -> [Item] {
        var seen = Set<Item>()
        return items.filter { seen.insert($0).inserted }
    }
}
