/// Every live task of a process at one moment (or as near to one as a read without stopping it gets).
///
/// ```swift
/// let snapshot = try ProcessInspector(pid: 4242).snapshot()
/// print(TaskTreeText.render(snapshot))
/// ```
public struct TaskSnapshot: Sendable {
    public var pid: Int32
    public var processName: String
    /// The runtime it was read with: its release (`Swift 6.3.1`) and what identified it.
    public var release: String
    public var runtime: RuntimeIdentity
    /// Live tasks, by id.
    public var tasks: [InspectedTask]
    /// How long reading took.
    public var readTime: Duration
    /// How long the process was stopped (`--consistent`), nil when it never was.
    public var frozenFor: Duration?
    /// Tasks that kept changing while they were read and are left out rather than shown half-read.
    public var changedWhileRead: Int
    /// Bytes of the process's memory searched for tasks, and the candidates found there.
    public var bytesScanned: UInt64
    public var candidates: Int

    public init(pid: Int32, processName: String, release: String, runtime: RuntimeIdentity, tasks: [InspectedTask],
                readTime: Duration, frozenFor: Duration?, changedWhileRead: Int, bytesScanned: UInt64, candidates: Int) {
        self.pid = pid
        self.processName = processName
        self.release = release
        self.runtime = runtime
        self.tasks = tasks.sorted { $0.id < $1.id }
        self.readTime = readTime
        self.frozenFor = frozenFor
        self.changedWhileRead = changedWhileRead
        self.bytesScanned = bytesScanned
        self.candidates = candidates
    }

    /// The task with `id`, by binary search.
    public func task(id: UInt64) -> InspectedTask? {
        var low = 0, high = tasks.count
        while low < high {
            let middle = (low + high) / 2
            if tasks[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < tasks.count && tasks[low].id == id ? tasks[low] : nil
    }

    /// What blocks `id`, transitively: the task it awaits, what that one awaits, and so on — for a group,
    /// the group's children (each with what it awaits). Bounded and cycle-safe.
    public func blockers(of id: UInt64, limit: Int = 64) -> [(depth: Int, task: InspectedTask)] {
        var result: [(depth: Int, task: InspectedTask)] = []
        var seen: Set<UInt64> = [id]
        func visit(_ task: InspectedTask, depth: Int) {
            guard result.count < limit, let wait = task.waitingOn else { return }
            let next: [UInt64]
            switch wait {
            case .task(let awaited, _): next = [awaited]
            case .group(let children): next = children
            case .continuation, .executor: next = []
            }
            for blockerID in next where result.count < limit && seen.insert(blockerID).inserted {
                guard let blocker = self.task(id: blockerID) else { continue }
                result.append((depth, blocker))
                visit(blocker, depth: depth + 1)
            }
        }
        if let task = task(id: id) { visit(task, depth: 1) }
        return result
    }
}
