/// Why the engine refused a registration, a submission or a launch.
///
/// The first four mirror `BGTaskScheduler.Error.Code`; the rest are mistakes the platform punishes with a crash
/// at launch and the engine turns into errors that name the identifier.
public enum BackgroundTaskError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Background work is unavailable (the Simulator, Background App Refresh switched off).
    case unavailable
    /// Too many unexecuted requests of this kind (one app refresh, ten processing).
    case tooManyPendingTaskRequests(identifier: String, kind: BackgroundTaskKind)
    /// The identifier is not in the permitted list (`BGTaskSchedulerPermittedIdentifiers` in Info.plist).
    case notPermitted(identifier: String)
    /// A handler was registered after ``BackgroundTaskEngine/finishLaunching()``.
    case registeredAfterLaunch(identifier: String)
    /// A handler for this identifier was already registered.
    case alreadyRegistered(identifier: String)
    /// A request was submitted, or a launch asked for, with no handler registered for the identifier.
    case noHandlerRegistered(identifier: String)
    /// The request's kind differs from the kind the handler was registered for.
    case kindMismatch(identifier: String, registered: BackgroundTaskKind, requested: BackgroundTaskKind)
    /// The system asked to launch a task whose previous run has not finished.
    case alreadyRunning(identifier: String)
    /// An identifier must be non-empty and free of whitespace.
    case invalidIdentifier(String)

    public var description: String {
        switch self {
        case .unavailable:
            return "background tasks are unavailable on this device"
        case .tooManyPendingTaskRequests(let identifier, let kind):
            return "cannot submit '\(identifier)': the limit of \(kind.pendingRequestLimit) pending \(kind) request(s) is reached"
        case .notPermitted(let identifier):
            return "'\(identifier)' is not a permitted background task identifier (add it to BGTaskSchedulerPermittedIdentifiers)"
        case .registeredAfterLaunch(let identifier):
            return "'\(identifier)' was registered after launch finished; register every handler before launch completes"
        case .alreadyRegistered(let identifier):
            return "a handler for '\(identifier)' is already registered"
        case .noHandlerRegistered(let identifier):
            return "no handler is registered for '\(identifier)'"
        case .kindMismatch(let identifier, let registered, let requested):
            return "'\(identifier)' is registered as \(registered) but was submitted as \(requested)"
        case .alreadyRunning(let identifier):
            return "'\(identifier)' is still running"
        case .invalidIdentifier(let identifier):
            return "'\(identifier)' is not a valid background task identifier (empty or contains whitespace)"
        }
    }
}
