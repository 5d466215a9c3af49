/// One live task in the census: what it is called, who it is, who started it, where and when.
///
/// ```swift
/// for record in TaskCensus.shared.snapshot().records where record.family == "thumbnail" {
///     print(record.name, record.id, record.fileID, record.line)
/// }
/// ```
public struct CensusRecord: Sendable, Hashable {
    /// The task's name as given at creation, e.g. `thumbnail:7`.
    public let name: String
    /// The runtime id of the task.
    public let id: TaskID
    /// The task that created it (for unstructured tasks) or ran it (for child tasks), if known.
    public let parentID: TaskID?
    /// The creation site.
    public let fileID: String
    public let line: Int
    /// When it was registered, measured on the census's clock from the census's creation.
    public let startedAt: Duration

    public init(name: String, id: TaskID, parentID: TaskID?, fileID: String, line: Int, startedAt: Duration) {
        self.name = name
        self.id = id
        self.parentID = parentID
        self.fileID = fileID
        self.line = line
        self.startedAt = startedAt
    }

    /// The stable prefix of the name: everything before the first `:` (`thumbnail` for `thumbnail:7`), or the
    /// whole name. Counts and leak checks group by family, because per-item names are unique by design.
    public var family: Substring {
        name.prefix { $0 != ":" }
    }
}
