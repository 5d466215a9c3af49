import Dispatch
import Synchronization
import TaskWardenSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TaskCensus {
    /// Writes the census tree to standard error whenever the process receives `signal` (by default
    /// `SIGUSR1`), without stopping the process — as Go dumps its goroutines on `SIGQUIT`.
    ///
    /// For servers: `kill -USR1 <pid>` shows which named tasks are alive and for how long. The dump is built
    /// on a dispatch queue, never inside a signal handler, so it may take the census lock safely.
    ///
    /// A handler that was installed for the signal before (by the app or another library) keeps working: it is
    /// called after the dump is requested, with the same arguments. Keep the returned value alive; releasing it
    /// (or calling ``CensusSignalDump/cancel()``) puts back the handler that was installed before — the
    /// default action only if that is what was there.
    ///
    /// ```swift
    /// TaskCensus.shared.isEnabled = true
    /// let dump = TaskCensus.shared.dumpOnSignal()      // keep `dump` for the server's lifetime
    /// ```
    ///
    /// - Parameters:
    ///   - signal: the signal that asks for a dump.
    ///   - write: where the text goes; `nil` means standard error (tests capture it instead).
    public func dumpOnSignal(
        _ signal: Int32 = SIGUSR1,
        write: (@Sendable (String) -> Void)? = nil
    ) -> CensusSignalDump {
        let write = write ?? writeToStandardError
        return CensusSignalDump(signal: signal) { [weak self] in
            guard let self else { return }
            write(self.snapshot().treeDescription() + "\n")
        }
    }
}

/// A live subscription created by ``TaskCensus/dumpOnSignal(_:write:)``.
///
/// The signal handler only writes one byte to a pipe (the self-pipe trick: `write` is async-signal-safe) and
/// then calls the handler that was installed before it, if there was one; a dispatch read source on the other
/// end of the pipe builds and writes the dump on an ordinary thread. This does not depend on how the platform's
/// libdispatch implements signal sources (on Linux those need the signal blocked in every thread, which a
/// library cannot arrange after the process has started threads).
///
/// Subscriptions nest: the newest one receives the signal; cancelling it makes the one before it active again,
/// and cancelling the last one puts back the handler that was installed before the first.
///
/// ```swift
/// let dump = TaskCensus.shared.dumpOnSignal()
/// // …
/// dump.cancel()      // SIGUSR1 does what it did before
/// ```
public final class CensusSignalDump: Sendable {
    public let signal: Int32
    /// Dispatch sources are thread-safe but not marked `Sendable`; the lock makes the sharing explicit.
    private let source: Locked<(any DispatchSourceRead)?>
    private let writeEnd: Int32

    init(signal: Int32, handler: @escaping @Sendable () -> Void) {
        self.signal = signal
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            source = Locked(nil)
            writeEnd = -1
            return
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // The handler must never block: a full pipe already means "a dump is pending".
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        for end in [readEnd, writeEnd] { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let source = DispatchSource.makeReadSource(
            fileDescriptor: readEnd, queue: DispatchQueue(label: "taskwarden.census-dump"))
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(readEnd, &bytes, bytes.count) > 0 {}   // coalesce signals that arrived together
            handler()
        }
        source.setCancelHandler {
            close(readEnd)
            close(writeEnd)
        }
        source.resume()
        self.source = Locked(source)
        self.writeEnd = writeEnd
        SignalDumpSubscriptions.install(signal: signal, pipe: writeEnd)
    }

    /// Stops dumping. If this is the active subscription, the one before it becomes active again, or, if there
    /// is none, the signal's previous handler is put back. Calling it again does nothing.
    public func cancel() {
        guard let source = source.withLock({ source in defer { source = nil }; return source }) else { return }
        SignalDumpSubscriptions.remove(pipe: writeEnd)
        source.cancel()
    }

    deinit { cancel() }
}

/// The subscriptions, oldest first, and what the signal handler reads.
///
/// The handler reads only atomics (a lock could deadlock in a signal handler): the active subscription's pipe
/// and the handler to chain to. Everything else changes under a lock, outside any signal handler.
private enum SignalDumpSubscriptions {
    struct Subscription {
        var signal: Int32
        var pipe: Int32
        /// What was installed for the signal just before this subscription installed its handler.
        var replaced: sigaction
        /// The handler the signal handler calls after writing to the pipe: the first foreign handler below.
        var chained: ChainedHandler
    }

    static let subscriptions = Locked<[Subscription]>([])

    static func install(signal number: Int32, pipe: Int32) {
        subscriptions.withLock { subscriptions in
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_RESTART
            setSigaction(&action, signalDumpHandler)
            var replaced = sigaction()
            // Published before the handler is installed, so the handler never sees a half-made subscription.
            let below = subscriptions.last { $0.signal == number }
            let chained = ChainedHandler(replaced: currentAction(for: number), below: below?.chained)
            guard let slot = SignalState.slot(number) else { return }
            slot.publish(pipe: pipe, chained: chained)
            _ = sigaction(number, &action, &replaced)
            subscriptions.append(Subscription(signal: number, pipe: pipe, replaced: replaced, chained: chained))
        }
    }

    static func remove(pipe: Int32) {
        subscriptions.withLock { subscriptions in
            guard let index = subscriptions.firstIndex(where: { $0.pipe == pipe }) else { return }
            let removed = subscriptions.remove(at: index)
            if let above = subscriptions[index...].firstIndex(where: { $0.signal == removed.signal }) {
                // A newer subscription for the signal replaced this one's handler: it now replaces what this one
                // replaced, and chains to what this one chained to.
                subscriptions[above].replaced = removed.replaced
                subscriptions[above].chained = removed.chained
                if let slot = SignalState.slot(removed.signal) {
                    let newest = subscriptions.last { $0.signal == removed.signal }!
                    slot.publish(pipe: newest.pipe, chained: newest.chained)
                }
                return
            }
            // This one was the newest for its signal: put back what it replaced.
            var replaced = removed.replaced
            // What it replaced is either the handler before any subscription, or TaskWarden's own handler with
            // an older subscription, which becomes active again.
            let older = subscriptions.last { $0.signal == removed.signal }
            SignalState.slot(removed.signal)?.publish(pipe: older?.pipe ?? -1, chained: older?.chained ?? .none)
            _ = sigaction(removed.signal, &replaced, nil)
        }
    }

    private static func currentAction(for number: Int32) -> sigaction {
        var current = sigaction()
        _ = sigaction(number, nil, &current)
        return current
    }
}

/// A previously installed handler to call after ours, as raw bits readable from a signal handler.
private struct ChainedHandler: Sendable, Equatable {
    /// 0 none, 1 a plain handler `(Int32) -> Void`, 2 an `SA_SIGINFO` handler.
    var kind: Int
    var address: UInt

    static let none = ChainedHandler(kind: 0, address: 0)

    private init(kind: Int, address: UInt) {
        self.kind = kind
        self.address = address
    }

    /// The handler to chain to, given the action being replaced: none for the default action or ignoring, the
    /// subscription's own chain when the replaced handler is TaskWarden's (a nested subscription).
    init(replaced action: sigaction, below: ChainedHandler?) {
        let address = handlerAddress(of: action)
        // SIG_DFL is 0 and SIG_IGN is 1 on every platform Swift runs on.
        if address <= 1 {
            self = .none
        } else if address == UInt(bitPattern: unsafeBitCast(signalDumpHandler as SignalInfoHandler, to: Int.self)) {
            self = below ?? .none
        } else {
            self.init(kind: action.sa_flags & SA_SIGINFO != 0 ? 2 : 1, address: address)
        }
    }
}

private typealias SignalInfoHandler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
private typealias PlainSignalHandler = @convention(c) (Int32) -> Void

/// What the signal handler reads for one signal: the active subscription's pipe and the handler to chain to,
/// as atomics (a lock could deadlock in a signal handler).
private final class SignalSlot: Sendable {
    let pipe = Atomic<Int32>(-1)
    let chainKind = Atomic<Int>(0)
    let chainAddress = Atomic<UInt>(0)

    var activePipe: Int32 { pipe.load(ordering: .acquiring) }

    func publish(pipe descriptor: Int32, chained: ChainedHandler) {
        // Kind last, address first: a handler that sees a kind also sees its address.
        chainKind.store(0, ordering: .releasing)
        chainAddress.store(chained.address, ordering: .releasing)
        chainKind.store(chained.kind, ordering: .releasing)
        pipe.store(descriptor, ordering: .releasing)
    }
}

/// One slot per signal number, made once (before any handler can run, since installing reads it first) and
/// never changed.
private enum SignalState {
    static let slots: [SignalSlot] = (0..<128).map { _ in SignalSlot() }

    static func slot(_ number: Int32) -> SignalSlot? {
        slots.indices.contains(Int(number)) ? slots[Int(number)] : nil
    }
}

/// The C signal handler: async-signal-safe (atomic loads, `write`, a call to the chained handler), and it
/// preserves `errno`.
private func signalDumpHandler(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    guard let slot = SignalState.slot(number) else { return }
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(slot.pipe.load(ordering: .acquiring), &byte, 1)
    errno = savedErrno
    let kind = slot.chainKind.load(ordering: .acquiring)
    let address = slot.chainAddress.load(ordering: .acquiring)
    guard kind != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return }
    if kind == 2 {
        unsafeBitCast(pointer, to: SignalInfoHandler.self)(number, info, context)
    } else {
        unsafeBitCast(pointer, to: PlainSignalHandler.self)(number)
    }
}

private func handlerAddress(of action: sigaction) -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self))
    #else
    return UInt(bitPattern: unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self))
    #endif
}

private func setSigaction(_ action: inout sigaction, _ handler: SignalInfoHandler) {
    #if canImport(Darwin)
    action.__sigaction_u.__sa_sigaction = handler
    #else
    action.__sigaction_handler.sa_sigaction = handler
    #endif
}

/// Writes `text` to file descriptor 2 (the C `stderr` variable is global mutable state to Swift 6).
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
