import Foundation
import TaskWardenSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM (a CI timeout) during `fix`'s write phase: remove the temporaries of the
/// writes in flight, then end the process as the signal would have (a shell sees status 130 or 143), so an
/// interrupted run leaves each file either old or new and nothing else beside it.
///
/// ```swift
/// InterruptCleanup.install()        // once, at process start (taskwarden's main.swift)
/// FixWriter().write(&plan)          // Ctrl-C now removes this write's temporaries, then ends the process
/// ```
///
/// A signal handler may only call async-signal-safe functions, so the handler writes the signal number
/// to a pipe; a thread of ours reads it and does the work with ordinary locks (``TemporaryFileRegistry``).
public enum InterruptCleanup {
    public typealias Terminate = @Sendable (Int32) -> Void

    /// Ends the process as `signal`'s default action does.
    public static let defaultTerminate: Terminate = { signalNumber in
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
        _exit(128 + signalNumber)
    }

    /// Handles SIGINT and SIGTERM from now on: `registry.interrupt()`, then `terminate(signal)`. Signal
    /// dispositions are process-wide: call it from the process's entry point (or one test), not per command.
    public static func install(registry: TemporaryFileRegistry = .process, terminate: @escaping Terminate = defaultTerminate) {
        // Create the channel (and its thread) before a signal can need it; without one, keep the defaults.
        let channel = SignalChannel.shared
        guard SignalChannel.writeEnd.load(ordering: .relaxed) >= 0 else { return }
        channel.target.withLock { $0 = (registry, terminate) }
        signal(SIGINT, signalHandler)
        signal(SIGTERM, signalHandler)
    }

    /// Gives SIGINT and SIGTERM their default actions back.
    public static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        SignalChannel.shared.target.withLock { $0 = nil }
    }
}

/// Async-signal-safe: one `write` to a pipe whose descriptor was fixed before the handler was installed.
private let signalHandler: @convention(c) (Int32) -> Void = { signalNumber in
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(SignalChannel.writeEnd.load(ordering: .relaxed), &byte, 1)
}

/// The pipe from the signal handler to the thread that cleans up.
private final class SignalChannel: Sendable {
    /// Process-wide because signal dispositions are: one pipe, one reader thread, one current target.
    static let shared = SignalChannel()
    /// The pipe's write end, read by the handler (an atomic load, no lock).
    static let writeEnd = Atomic<Int32>(-1)

    let target = Locked<(registry: TemporaryFileRegistry, terminate: InterruptCleanup.Terminate)?>(nil)

    private init() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let readEnd = ends[0]
        Self.writeEnd.store(ends[1], ordering: .relaxed)
        let thread = Thread { [self] in
            while true {
                var byte: UInt8 = 0
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                guard let current = target.withLock({ $0 }) else { continue }
                current.registry.interrupt()
                current.terminate(Int32(byte))
            }
        }
        thread.name = "taskwarden-interrupt"
        thread.start()
    }
}
