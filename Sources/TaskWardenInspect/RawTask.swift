/// A task object as decoded from memory, before ids are resolved between tasks.
struct RawTask: Equatable {
    struct Dependency: Equatable {
        var waitKind: UInt32
        var target: UInt64
        var extra: UInt64
    }

    var address: UInt64
    var id: UInt64
    var jobFlags: UInt32
    var statusFlags: UInt32
    var firstRecord: UInt64
    var name: String?
    /// A child task's parent and group (0 when it has none).
    var parentAddress: UInt64
    var groupAddress: UInt64
    var dependency: Dependency?
    /// The task groups this task owns (group object addresses).
    var ownedGroups: [UInt64]
    var resumeFunction: UInt64
    var resumeContext: UInt64
    var basePriority: UInt8
    /// Where it resumes, then where each caller resumes (read with the task, so it belongs to the same
    /// suspension the second look confirms); for a task that has not started, the closure it will enter.
    var resumeAddresses: [UInt64] = []
}
