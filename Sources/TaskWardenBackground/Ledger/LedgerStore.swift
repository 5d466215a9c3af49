import Foundation
import TaskWarden
import TaskWardenSupport

/// Where a ``RefreshLedger`` keeps "when was each item last checked". The ledger saves after every applied
/// result, so a store should make each save all-or-nothing: a killed app must find either the old or the new
/// snapshot, never half of one.
///
/// ```swift
/// struct KeychainLedgerStore: LedgerStore { … }   // or a database row, or user defaults
/// let ledger = try RefreshLedger(items: wantlist, clock: clock, store: KeychainLedgerStore())
/// ```
public protocol LedgerStore<Item, Instant>: Sendable {
    associatedtype Item: Hashable & Sendable
    associatedtype Instant: Sendable
    /// The saved snapshot; empty when nothing was ever saved.
    func load() throws -> [Item: Instant]
    /// Saves the ledger after a change. `lastChecked` is the whole ledger; `changedItem` is the one entry that
    /// changed since the previous save, or `nil` when more changed (the item list was replaced). A store that
    /// rewrites everything uses the former, a store that updates in place the latter.
    func save(_ lastChecked: [Item: Instant], changedItem: Item?) throws
}

/// Why a ledger could not load or save.
public enum LedgerError: Error, Equatable, CustomStringConvertible {
    /// The store's file exists but cannot be read or decoded.
    case unreadableStore(path: String, reason: String)
    /// The snapshot could not be written.
    case unwritableStore(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableStore(let path, let reason): return "cannot read the refresh ledger at \(path): \(reason)"
        case .unwritableStore(let path, let reason): return "cannot save the refresh ledger to \(path): \(reason)"
        }
    }
}

/// The default store: a JSON file replaced atomically (written to a temporary file, then renamed over the old
/// one), so a run killed mid-save leaves the previous snapshot intact.
///
/// ```swift
/// let store = FileLedgerStore<ReleaseID, WallClock.Instant>(url: appSupport.appendingPathComponent("price-ledger.json"))
/// ```
public struct FileLedgerStore<Item: Hashable & Codable & Sendable, Instant: Codable & Sendable>: LedgerStore {
    private struct Entry: Codable {
        var item: Item
        var checkedAt: Instant
    }

    /// The file the snapshot lives in.
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() throws -> [Item: Instant] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        do {
            let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: url))
            var snapshot: [Item: Instant] = [:]
            for entry in entries { snapshot[entry.item] = entry.checkedAt }
            return snapshot
        } catch {
            throw LedgerError.unreadableStore(path: url.path, reason: String(describing: error))
        }
    }

    public func save(_ lastChecked: [Item: Instant], changedItem: Item?) throws {
        do {
            let data = try JSONEncoder().encode(lastChecked.map { Entry(item: $0.key, checkedAt: $0.value) })
            try data.write(to: url, options: .atomic)
        } catch {
            throw LedgerError.unwritableStore(path: url.path, reason: String(describing: error))
        }
    }
}

/// A store in memory: for tests, simulations and benchmarks. Counts saves so a test can check that progress
/// was saved as each result was applied.
public final class InMemoryLedgerStore<Item: Hashable & Sendable, Instant: Sendable>: LedgerStore {
    private let state = Locked<(snapshot: [Item: Instant], saves: Int)>(([:], 0))

    public init(_ snapshot: [Item: Instant] = [:]) {
        state.withLock { $0.snapshot = snapshot }
    }

    public func load() throws -> [Item: Instant] { state.withLock { $0.snapshot } }

    public func save(_ lastChecked: [Item: Instant], changedItem: Item?) throws {
        state.withLock { state in
            // Updating one entry in place instead of keeping the ledger's dictionary avoids a copy of the whole
            // ledger on its next change (copy-on-write), which dominated long simulations.
            if let changedItem {
                state.snapshot[changedItem] = lastChecked[changedItem]
            } else {
                state.snapshot = lastChecked
            }
            state.saves += 1
        }
    }

    /// How many times the ledger saved.
    public var saveCount: Int { state.withLock { $0.saves } }
    /// The last saved snapshot.
    public var snapshot: [Item: Instant] { state.withLock { $0.snapshot } }
}
