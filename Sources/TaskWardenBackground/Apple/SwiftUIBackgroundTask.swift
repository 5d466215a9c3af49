// SwiftUI's `BackgroundTask.appRefresh` exists on iOS (and Mac Catalyst), visionOS and watchOS; not on macOS or
// tvOS. Everything here is one call into `BackgroundTaskEngine.perform`, whose logic is tested on Linux.
#if canImport(SwiftUI) && (os(iOS) || os(visionOS) || os(watchOS))
import SwiftUI

@available(iOS 16, watchOS 9, visionOS 1, *)
extension Scene {
    /// SwiftUI's app-refresh background task, running the handler registered on `engine` for `identifier`: the
    /// engine's `scheduleNext` step first, then the handler in its named task; SwiftUI's cancellation on expiry
    /// expires the run, and the closure returns once the outcome is reported.
    ///
    /// Register the handler on the engine and call `finishLaunching()`, but do not call `registerWithSystem()`
    /// for this identifier: SwiftUI registers it with `BGTaskScheduler` itself (twice kills the app).
    ///
    /// ```swift
    /// WindowGroup { ContentView() }
    ///     .backgroundTask(appRefresh: "com.recordshelf.price-check", engine: engine)
    /// ```
    public func backgroundTask<C>(appRefresh identifier: String, engine: BackgroundTaskEngine<C>) -> some Scene {
        backgroundTask(.appRefresh(identifier)) {
            _ = try? await engine.perform(identifier)
        }
    }
}
#endif
