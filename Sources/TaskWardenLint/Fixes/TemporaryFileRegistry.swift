import Foundation
import TaskWardenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files ``AtomicSourceWriter`` has created and not yet renamed into place or removed, so an
/// interrupt (``InterruptCleanup``) can remove them before the process ends.
///
/// ```swift
/// let registry = TemporaryFileRegistry()
/// let writer = AtomicSourceWriter(temporaries: registry)
/// // on SIGINT: registry.interrupt() removes what is left, and refuses new temporaries and renames
/// ```
///
/// Creating, renaming and removing a temporary all happen under one lock with the interrupted flag, so
/// once ``interrupt()`` returns no temporary of this registry exists and no rename will happen.
public final class TemporaryFileRegistry: Sendable {
    /// The registry of this process's writers (the one `taskwarden fix` cleans up on SIGINT/SIGTERM).
    public static let process = TemporaryFileRegistry()

    private struct State {
        var paths: Set<String> = []
        var interrupted = false
    }

    private let state = Locked(State())

    public init() {}

    /// True once ``interrupt()`` ran.
    public var isInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Creates a file from a `mkstemp` template and registers it: its descriptor and path, or nil (with
    /// `errno` set) when it cannot be created or the registry was interrupted (`errno` is `EINTR`).
    func create(template: String) -> (descriptor: Int32, path: String)? {
        state.withLock { state in
            guard !state.interrupted else {
                errno = EINTR
                return nil
            }
            var bytes = Array(template.utf8CString)
            let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            let path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            state.paths.insert(path)
            return (descriptor, path)
        }
    }

    /// Puts `temporary` in the place of `target` unless interrupted. `lastCheck` runs under the lock right
    /// before; when it returns false nothing is replaced.
    ///
    /// Where the system can swap two entries (``FileExchange``), the temporary is swapped with the file, and the
    /// file it replaced — now under the temporary's name — must pass `replacedIsUnchanged`: a write that landed
    /// after `lastCheck` fails it, and the two are swapped back, so that write is not lost (`.checkFailed`).
    /// Elsewhere the temporary is renamed over the file, and such a write is lost.
    func commit(_ temporary: String, to target: String, exchange: FileExchange = .system, lastCheck: () -> Bool,
                replacedIsUnchanged: (String) -> Bool = { _ in true }) -> CommitOutcome {
        state.withLock { state in
            guard !state.interrupted else { return .interrupted }
            guard lastCheck() else { return .checkFailed }
            switch exchange.exchange(temporary, target) {
            case .exchanged:
                if replacedIsUnchanged(temporary) {
                    unlink(temporary)
                    state.paths.remove(temporary)
                    return .renamed
                }
                // Put the other writer's version back; the temporary then holds the new bytes again.
                guard exchange.exchange(temporary, target) == .exchanged else {
                    // Their version stays under the temporary's name: never remove it.
                    state.paths.remove(temporary)
                    return .conflictKept(temporary)
                }
                return .checkFailed
            case .unsupported:
                guard rename(temporary, target) == 0 else { return .failed(errno) }
                state.paths.remove(temporary)
                return .renamed
            case .failed(let code):
                return .failed(code)
            }
        }
    }

    enum CommitOutcome: Equatable {
        case renamed
        case interrupted
        case checkFailed
        case failed(Int32)
        /// A write landed after the last check and swapping it back failed: the other writer's version is at
        /// this path (the file holds the new bytes).
        case conflictKept(String)
    }

    /// Removes `temporary` (a write that failed or was refused).
    func discard(_ temporary: String) {
        state.withLock { state in
            unlink(temporary)
            state.paths.remove(temporary)
        }
    }

    /// Removes every registered temporary and refuses new temporaries and renames from now on: what
    /// SIGINT and SIGTERM do during `fix`. Returns how many were removed.
    @discardableResult
    public func interrupt() -> Int {
        state.withLock { state in
            state.interrupted = true
            let removed = state.paths.filter { unlink($0) == 0 }.count
            state.paths.removeAll()
            return removed
        }
    }
}
