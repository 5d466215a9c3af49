/// The ways Swift code creates a task. The raw values are the `kind` strings of `taskwarden list --format json`.
public enum CreationSiteKind: String, CaseIterable, Codable, Hashable, Sendable {
    case taskInit = "Task.init"
    case taskDetached = "Task.detached"
    case taskImmediate = "Task.immediate"
    case taskImmediateDetached = "Task.immediateDetached"
    case addTask = "addTask"
    case addTaskUnlessCancelled = "addTaskUnlessCancelled"
    case addImmediateTask = "addImmediateTask"
    case addImmediateTaskUnlessCancelled = "addImmediateTaskUnlessCancelled"
    case asyncLet = "async let"
    case swiftUITask = ".task"
    case backgroundTask = ".backgroundTask"
    case backgroundTaskRegistration = "BGTaskScheduler.register"

    /// An unstructured task (`Task…` forms): nothing cancels it unless someone keeps the handle.
    public var isUnstructured: Bool {
        switch self {
        case .taskInit, .taskDetached, .taskImmediate, .taskImmediateDetached: true
        default: false
        }
    }

    /// A child task of a task group (`addTask` and friends).
    public var isGroupChild: Bool {
        switch self {
        case .addTask, .addTaskUnlessCancelled, .addImmediateTask, .addImmediateTaskUnlessCancelled: true
        default: false
        }
    }

    /// Whether the API has a `name:` parameter at all (SE-0469, and SwiftUI's `.task(name:)`).
    public var acceptsName: Bool {
        switch self {
        case .asyncLet, .backgroundTask, .backgroundTaskRegistration: false
        default: true
        }
    }
}
