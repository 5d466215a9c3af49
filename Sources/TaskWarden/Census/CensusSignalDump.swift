import Dispatch

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
    /// - Parameter write: where the text goes; `nil` means standard error (tests capture it instead).
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
public final class CensusSignalDump: Sendable {
    public let signal: Int32
    /// Dispatch sources are thread-safe but not marked `Sendable`; the lock makes the sharing explicit.
    private let source: Locked<(any DispatchSourceSignal)?>

    init(signal: Int32, handler: @escaping @Sendable () -> Void) {
        self.signal = signal
        // The default action of SIGUSR1 is to terminate; ignore it at the C level and let the dispatch source,
        // which watches the signal independently of its disposition, do the work.
        setDisposition(signal, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signal, queue: DispatchQueue(label: "taskwarden.census-dump"))
        source.setEventHandler(handler: handler)
        source.resume()
        self.source = Locked(source)
    }

    /// Stops dumping and restores the signal's default action.
    public func cancel() {
        guard let source = source.withLock({ source in defer { source = nil }; return source }) else { return }
        source.cancel()
        setDisposition(signal, SIG_DFL)
    }

    deinit { cancel() }
}

private func setDisposition(_ number: Int32, _ action: sighandler_t?) {
    _ = signal(number, action)
}

/// Writes `text` to file descriptor 2 (the C `stderr` variable is global mutable state to Swift 6).
private func writeToStandardError(_ text: String) {
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
