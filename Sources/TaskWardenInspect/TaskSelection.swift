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
        // Depths are worked out once for the whole snapshot: walking up from every task would take
        // depth² steps on a long chain of tasks.
        let depths = maximumDepth == nil ? [:] : Self.depths(in: snapshot)
        var shown = Set<UInt64>()
        for task in snapshot.tasks {
            if let nameGlob {
                guard let name = task.name, fnmatch(nameGlob, name, 0) == 0 else { continue }
            }
            if onlySuspended && task.state != .suspended { continue }
            if let maximumDepth, depths[task.id, default: 1] > maximumDepth { continue }
            shown.insert(task.id)
        }
        return shown
    }

    /// Every task's depth: 1 for a task without a live parent, 2 for its children, … Each task is visited
    /// once: a walk up stops at the first task whose depth is known. In a malformed parent cycle each member
    /// counts the distinct tasks above it (the cycle's length), and a task hanging from the cycle adds its
    /// distance to it.
    static func depths(in snapshot: TaskSnapshot) -> [UInt64: Int] {
        var depths: [UInt64: Int] = [:]
        depths.reserveCapacity(snapshot.tasks.count)
        var path: [UInt64] = []
        var onPath: [UInt64: Int] = [:]
        for task in snapshot.tasks where depths[task.id] == nil {
            path.removeAll(keepingCapacity: true)
            onPath.removeAll(keepingCapacity: true)
            var base = 0
            var current: InspectedTask? = task
            while let walked = current {
                if let known = depths[walked.id] {
                    base = known
                    break
                }
                if let start = onPath[walked.id] {
                    let cycle = path.count - start
                    for member in path[start...] { depths[member] = cycle }
                    path.removeSubrange(start...)
                    base = cycle
                    break
                }
                onPath[walked.id] = path.count
                path.append(walked.id)
                current = walked.parentID.flatMap { snapshot.task(id: $0) }
            }
            for id in path.reversed() {
                base += 1
                depths[id] = base
            }
        }
        return depths
    }
}
