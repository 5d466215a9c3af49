import TaskWardenSupport

// The macOS and watchOS SDKs ship BackgroundTasks headers with every API marked unavailable, so `canImport`
// alone would let this compile there and fail; the scheduler exists on iOS, iPadOS, Mac Catalyst, tvOS, visionOS.
#if canImport(BackgroundTasks) && !os(macOS) && !os(watchOS)
@preconcurrency import BackgroundTasks
import Foundation
import TaskWarden

/// Hands accepted requests to `BGTaskScheduler`. The engine has already checked them (permitted, registered,
/// kind, pending limits), so what can still fail here is what only the system knows (`unavailable`).
public struct SystemBackgroundTaskBackend: BackgroundTaskBackend {
    public init() {}

    public func submit(_ request: BackgroundTaskRequest<WallClock.Instant>) throws {
        let systemRequest: BGTaskRequest
        switch request.kind {
        case .appRefresh:
            systemRequest = BGAppRefreshTaskRequest(identifier: request.identifier)
        case .processing:
            let processing = BGProcessingTaskRequest(identifier: request.identifier)
            processing.requiresNetworkConnectivity = request.requiresNetworkConnectivity
            processing.requiresExternalPower = request.requiresExternalPower
            systemRequest = processing
        }
        systemRequest.earliestBeginDate = request.earliestBeginDate?.date
        try BGTaskScheduler.shared.submit(systemRequest)
    }

    public func cancel(identifier: String) {
        BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)
    }
}

extension BackgroundTaskEngine where C == WallClock {
    /// An engine whose requests go to `BGTaskScheduler`.
    ///
    /// ```swift
    /// // application(_:didFinishLaunchingWithOptions:)
    /// let engine = BackgroundTaskEngine.system(permittedIdentifiers: ["com.recordshelf.price-check"])
    /// try engine.register("com.recordshelf.price-check", kind: .appRefresh,
    ///                     scheduleNext: .resubmit(after: .seconds(4 * 3600))) { run in try await priceCheck.run(run) }
    /// try engine.registerWithSystem()          // registers every handler, then finishes launching
    /// try engine.submit(.appRefresh("com.recordshelf.price-check"))
    /// ```
    public static func system(
        permittedIdentifiers: Set<String>, census: TaskCensus = .shared, expirationGrace: Duration = .seconds(2)
    ) -> BackgroundTaskEngine<WallClock> {
        BackgroundTaskEngine(
            clock: WallClock(), permittedIdentifiers: permittedIdentifiers, backend: SystemBackgroundTaskBackend(),
            census: census, expirationGrace: expirationGrace)
    }

    /// Registers a launch handler with `BGTaskScheduler` for every identifier registered on this engine, then
    /// calls ``finishLaunching()``. Call it before the app finishes launching.
    ///
    /// - Throws: ``BackgroundTaskError/notPermitted(identifier:)`` when the system refuses an identifier (it is
    ///   missing from `BGTaskSchedulerPermittedIdentifiers`).
    public func registerWithSystem() throws {
        for identifier in registeredIdentifiers.sorted() {
            let accepted = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { [self] task in
                launchFromSystem(identifier, task: SystemTask(task: task))
            }
            guard accepted else { throw BackgroundTaskError.notPermitted(identifier: identifier) }
        }
        finishLaunching()
    }

    private func launchFromSystem(_ identifier: String, task: SystemTask) {
        // The expiration handler is installed before the run starts, so an early expiry is never missed; if it
        // fires before the run exists, the run is expired as soon as it does.
        let slot = Locked<(run: BackgroundRun<WallClock>?, expiredEarly: Bool)>((nil, false))
        task.task.expirationHandler = {
            let run = slot.withLock { slot -> BackgroundRun<WallClock>? in
                if slot.run == nil { slot.expiredEarly = true }
                return slot.run
            }
            // `expire()` cancels the handler's task and returns at once: nothing on the expiration path waits.
            // `setTaskCompleted(success: false)` follows, exactly once, when the handler has returned or the
            // engine's grace period has ended, whichever is first.
            run?.expire()
        }
        do {
            let run = try launch(identifier) { outcome in task.complete(success: outcome.isSuccess) }
            let expireNow = slot.withLock { slot in
                slot.run = run
                return slot.expiredEarly
            }
            if expireNow { run.expire() }
        } catch {
            task.complete(success: false)
        }
    }
}

/// A `BGTask` carried into the engine's completion callback.
///
/// Why `@unchecked Sendable` is safe: the only members used after the launch handler returns are
/// `setTaskCompleted(success:)`, which Apple documents as callable from any thread, and `expirationHandler`,
/// which is set once, on the launch handler's thread, before the run starts. The engine guarantees
/// `setTaskCompleted` is called exactly once.
private struct SystemTask: @unchecked Sendable {
    let task: BGTask
    func complete(success: Bool) { task.setTaskCompleted(success: success) }
}
#endif
