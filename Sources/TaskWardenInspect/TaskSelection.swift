#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which tasks a view shows: `--name GLOB`, `--suspended`, `--depth N`. A shown task whose parent is not
/// shown is drawn as a root (the tree says whose child it is).
///
/// ```swift
/// let selection = TaskSelection(nameGlob: "price:*", onlySuspended: true, maximumDepth: nil)
/// let shown = selection.apply(to: snapshot)
/// ```
public struct TaskSelection: Sendable, Equatable {
    /// A shell glob (`*`, `?`, `[…]`) the whole name must match; unnamed tasks never match one.
    public var nameGlob: String?
    public var onlySuspended: Bool
    /// The deepest level shown, 1 being top-level tasks; nil for all.
    public var maximumDepth: Int?

    public init(nameGlob: String? = nil, onlySuspended: Bool = false, maximumDepth: Int? = nil) {
        self.nameGlob = nameGlob
        self.onlySuspended = onlySuspended
        self.maximumDepth = maximumDepth
    }

    public var selectsEverything: Bool { nameGlob == nil && !onlySuspended && maximumDepth == nil }

    /// The ids of the tasks `snapshot` shows under this selection.
    public func apply(to snapshot: TaskSnapshot) -> Set<UInt64> {
        var shown = Set<UInt64>()
        for task in snapshot.tasks {
            if let nameGlob {
                guard let name = task.name, fnmatch(nameGlob, name, 0) == 0 else { continue }
            }
            if onlySuspended && task.state != .suspended { continue }
            if let maximumDepth, depth(of: task, in: snapshot) > maximumDepth { continue }
            shown.insert(task.id)
        }
        return shown
    }

    /// 1 for a task without a live parent, 2 for its children, …
    func depth(of task: InspectedTask, in snapshot: TaskSnapshot) -> Int {
        var depth = 1
        var current = task
        var seen: Set<UInt64> = [task.id]
        while let parentID = current.parentID, let parent = snapshot.task(id: parentID), seen.insert(parentID).inserted {
            depth += 1
            current = parent
        }
        return depth
    }
}
