import Dispatch
import Synchronization

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
    /// on a dispatch queue, never inside a signal handler, so it may take the census lock safely. Keep the
    /// returned value alive; releasing it (or calling ``CensusSignalDump/cancel()``) restores the default
    /// action for the signal.
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
/// The signal handler only writes one byte to a pipe (the self-pipe trick: `write` is async-signal-safe);
/// a dispatch read source on the other end builds and writes the dump on an ordinary thread. This does not
/// depend on how the platform's libdispatch implements signal sources (on Linux those need the signal blocked
/// in every thread, which a library cannot arrange after the process has started threads).
///
/// One subscription is active per process: a newer one replaces the older one's handler.
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
        signalDumpPipe.set(writeEnd)
        self.writeEnd = writeEnd
        setDisposition(signal, signalDumpHandler)
    }

    /// Stops dumping and, if this is the active subscription, restores the signal's default action.
    public func cancel() {
        guard let source = source.withLock({ source in defer { source = nil }; return source }) else { return }
        // Only the active subscription owns the signal; an older, replaced one just closes its pipe.
        if signalDumpPipe.clear(ifStill: writeEnd) { setDisposition(signal, SIG_DFL) }
        source.cancel()
    }

    deinit { cancel() }
}

/// The write end of the active subscription's pipe, read by the signal handler.
private let signalDumpPipe = SignalSafeDescriptor()

/// One file descriptor readable from a signal handler: a lock could deadlock there, so it is a plain atomic.
private final class SignalSafeDescriptor: Sendable {
    private let value = Atomic<Int32>(-1)
    func set(_ descriptor: Int32) { value.store(descriptor, ordering: .releasing) }
    /// Clears the descriptor if it is still `descriptor`; `true` if it was.
    func clear(ifStill descriptor: Int32) -> Bool {
        value.compareExchange(expected: descriptor, desired: -1, ordering: .acquiringAndReleasing).exchanged
    }
    var current: Int32 { value.load(ordering: .acquiring) }
}

/// The C signal handler: async-signal-safe (an atomic load and `write`), and it preserves `errno`.
private func signalDumpHandler(_: Int32) {
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(signalDumpPipe.current, &byte, 1)
    errno = savedErrno
}

#if canImport(Darwin)
private typealias SignalAction = sig_t
#else
private typealias SignalAction = sighandler_t
#endif

private func setDisposition(_ number: Int32, _ action: SignalAction?) {
    _ = signal(number, action)
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
