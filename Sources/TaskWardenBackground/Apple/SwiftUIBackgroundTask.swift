// SwiftUI's `BackgroundTask.appRefresh(_:)` exists on iOS (and Mac Catalyst) 16, tvOS 16, visionOS 1 and
// watchOS 9 — not on macOS. Everything here is one call into `BackgroundTaskEngine.perform`, whose logic is
// tested on Linux.
#if canImport(SwiftUI) && (os(iOS) || os(tvOS) || os(visionOS) || os(watchOS))
import os
import SwiftUI

@available(iOS 16, tvOS 16, watchOS 9, visionOS 1, *)
extension Scene {
    /// SwiftUI's app-refresh background task, running the handler registered on `engine` for `identifier`: the
    /// engine's `scheduleNext` step first, then the handler in its named task; SwiftUI's cancellation on expiry
    /// expires the run, and the closure returns once the outcome is reported (after the handler's shielded step,
    /// or when the engine's grace period after expiration ends).
    ///
    /// Register the handler on the engine and call `finishLaunching()`, but do not call `registerWithSystem()`
    /// for this identifier: SwiftUI registers it with `BGTaskScheduler` itself (twice kills the app).
    ///
    /// ```swift
    /// WindowGroup { ContentView() }
    ///     .backgroundTask(appRefresh: "com.recordshelf.price-check", engine: engine) { error in
    ///         log.error("price check not launched: \(error)")
    ///     }
    /// ```
    ///
    /// - Parameter onLaunchFailure: called when the engine refuses the launch (no handler registered for
    ///   `identifier`, or its previous run's handler has not returned); by default the error is logged with
    ///   `os.Logger` (subsystem `TaskWarden`, category `background`) at error level.
    public func backgroundTask<C>(
        appRefresh identifier: String,
        engine: BackgroundTaskEngine<C>,
        onLaunchFailure: @escaping @Sendable (any Error) -> Void = { error in
            Logger(subsystem: "TaskWarden", category: "background")
                .error("background app refresh not launched: \(String(describing: error), privacy: .public)")
        }
    ) -> some Scene {
        backgroundTask(.appRefresh(identifier)) {
            do {
                try await engine.perform(identifier)
            } catch {
                onLaunchFailure(error)
            }
        }
    }
}
#endif
