/// The identity of a Swift task: unique among live tasks and never reused in the process.
///
/// This is the id the concurrency runtime itself gives every task — the number LLDB's
/// `language swift task info` and profilers show — read through the runtime's exported
/// `swift_task_getJobTaskId` entry point. It follows SE-0553's design (`rawValue: UInt64`, `Task.currentID`),
/// so code written against `TaskID` moves to the standard library's type with a rename. See
/// `Guides/TaskIdentity.md` for why this path was chosen over a library-side counter.
///
/// Use it to key log lines and side tables; never branch program logic on its value.
///
/// ```swift
/// logger.info("price check started", metadata: ["task": "\(TaskID.current?.description ?? "-")"])
/// ```
public struct TaskID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The runtime's 64-bit task id (32 bits kept in the job header, 32 in the task).
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The id of the task running the caller, or `nil` outside any task (synchronous code not in a task).
    ///
    /// Costs one call into the runtime (tens of nanoseconds); no allocation, no lock, no task-local.
    public static var current: TaskID? {
        guard let task = RuntimeTask.current() else { return nil }
        return TaskID(rawValue: RuntimeTask.id(of: task))
    }

    public static func < (lhs: TaskID, rhs: TaskID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "#\(rawValue)" }
}

extension Task {
    /// The runtime id of this task; the same value `TaskID.current` returns inside it.
    ///
    /// ```swift
    /// let render = Task(name: "thumbnail:7") { await renderThumbnail(7) }
    /// census.note(render.taskID)
    /// ```
    public var taskID: TaskID {
        // `Task` is `@frozen` with a single stored reference to the runtime's AsyncTask, so its bits are the
        // task pointer the runtime entry point expects (checked once, below).
        precondition(MemoryLayout<Self>.size == MemoryLayout<UnsafeRawPointer>.size)
        let pointer = unsafeBitCast(self, to: UnsafeRawPointer.self)
        return TaskID(rawValue: RuntimeTask.id(of: pointer))
    }
}

/// The runtime entry point identity needs. `swift_task_getJobTaskId` is exported by `libswift_Concurrency` on
/// every platform since Swift 5.9 (the standard library declares the same `@_silgen_name` internally for
/// `ExecutorJob.description`, and swift-nio and others call it for job ordering). It takes a task pointer
/// and returns an integer, for which the Swift and C calling conventions agree. It is a free function, not
/// a method: a method would pass a hidden `self` argument.
///
/// The current task's pointer comes from the public `withUnsafeCurrentTask`: `UnsafeCurrentTask` holds
/// exactly one reference, the runtime task. (The runtime's own `swift_task_getCurrent` would save the
/// closure, but the compiler reserves that name and warns that referencing it will become an error.)
@_silgen_name("swift_task_getJobTaskId")
private func _runtimeJobTaskID(_ job: UnsafeRawPointer) -> UInt64

enum RuntimeTask {
    /// The running task's pointer, or `nil` outside a task.
    @inline(__always)
    static func current() -> UnsafeRawPointer? {
        withUnsafeCurrentTask { task in
            guard let task, MemoryLayout<UnsafeCurrentTask>.size == MemoryLayout<UnsafeRawPointer>.size else {
                return nil
            }
            return unsafeBitCast(task, to: UnsafeRawPointer.self)
        }
    }

    @inline(__always)
    static func id(of task: UnsafeRawPointer) -> UInt64 { _runtimeJobTaskID(task) }
}
