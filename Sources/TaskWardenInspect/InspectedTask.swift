/// One live task of another process, as read from its memory.
///
/// ```swift
/// for task in snapshot.tasks where task.state == .suspended {
///     print(task.id, task.name ?? "unnamed", task.waitingOn?.description ?? "")
/// }
/// ```
public struct InspectedTask: Sendable, Equatable {
    /// The runtime's task id (what `TaskID`, LLDB and Instruments show).
    public var id: UInt64
    /// The name given at creation (`Task(name:)`, `addTask(name:)`), nil for an unnamed task.
    public var name: String?
    public var kind: TaskKind
    /// The task that created it (child tasks) — nil for unstructured and detached tasks.
    public var parentID: UInt64?
    /// Live child tasks, by id.
    public var childIDs: [UInt64]
    public var state: TaskState
    /// What a suspended or enqueued task waits for.
    public var waitingOn: TaskWait?
    /// The priority it runs at now (escalations included) and the one it was created with.
    public var priority: TaskPriority
    public var basePriority: TaskPriority
    public var isCancelled: Bool
    /// The async frames it will resume through, innermost first (empty while it runs: its frames are on a
    /// thread's stack then).
    public var frames: [AsyncFrame]
    /// The task object's address in the process (as LLDB's `addr =`).
    public var address: UInt64

    public init(id: UInt64, name: String?, kind: TaskKind, parentID: UInt64?, childIDs: [UInt64], state: TaskState,
                waitingOn: TaskWait?, priority: TaskPriority, basePriority: TaskPriority, isCancelled: Bool,
                frames: [AsyncFrame], address: UInt64) {
        self.id = id
        self.name = name
        self.kind = kind
        self.parentID = parentID
        self.childIDs = childIDs
        self.state = state
        self.waitingOn = waitingOn
        self.priority = priority
        self.basePriority = basePriority
        self.isCancelled = isCancelled
        self.frames = frames
        self.address = address
    }

    /// The prefix of the name before the first `:` (TaskWarden's naming convention), `(unnamed)` without one.
    public var family: String {
        guard let name else { return "(unnamed)" }
        return String(name.prefix { $0 != ":" })
    }
}

/// How a task was created, as its runtime flags record it.
public enum TaskKind: String, Sendable, Equatable, CaseIterable {
    /// `Task {}` or `Task.detached {}` (the runtime keeps no difference between them).
    case unstructured
    /// A task group's child (`addTask`, every group flavour).
    case groupChild = "group-child"
    /// An `async let` child.
    case asyncLet = "async-let"
    /// Another structured child (a runtime helper).
    case child
}

/// What a task is doing at the moment of the read.
public enum TaskState: String, Sendable, Equatable, CaseIterable {
    /// On a thread now.
    case running
    /// Runnable, waiting for an executor (a thread of the pool, or a busy actor).
    case enqueued
    /// Parked at an `await` until something resumes it.
    case suspended
    /// Created but not yet run, and not in any queue yet (a `Task.sleep` timer's wake-up task, for one).
    case notStarted = "not-started"
}

/// The four priorities of the runtime, plus whatever other raw value a task carries.
public struct TaskPriority: Sendable, Equatable, CustomStringConvertible {
    public var rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public var description: String {
        switch rawValue {
        case 0: return "unspecified"
        case 0x09: return "background"
        case 0x11: return "utility"
        case 0x15: return "medium"
        case 0x19: return "high"
        case 0x21: return "userInteractive"
        default: return "\(rawValue)"
        }
    }
}

/// One frame of an async backtrace: where the task resumes, then where each caller resumes.
public struct AsyncFrame: Sendable, Equatable {
    /// The resume address in the process.
    public var address: UInt64
    /// The function, demangled and simplified (`closure #1 in PriceCheckRun.run()`), from the symbol tables.
    public var function: String?
    /// The source file and line from debug info, when the image has it.
    public var file: String?
    public var line: Int?
    /// The image's file name (`price-check`, `libswift_Concurrency.so`).
    public var image: String

    public init(address: UInt64, function: String?, file: String?, line: Int?, image: String) {
        self.address = address
        self.function = function
        self.file = file
        self.line = line
        self.image = image
    }
}
