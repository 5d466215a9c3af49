/// What the results cache keeps about one file: everything a run needs from it when it is not parsed.
///
/// Sites as records, the file's raw per-file findings (before severity and suppression, which the engine
/// applies afterwards), the lines holding suppression comments, its input problems, the string constants the
/// background rules resolve identifiers with, and the `Task` types it declares.
///
/// ```swift
/// let facts = FileFacts(file, findings: perFileFindings, problems: outcome.problems)
/// facts.records.count // file.sites.count
/// ```
struct FileFacts: Sendable, Codable, Equatable {
    var records: [SiteRecord]
    var findings: [Finding]
    var problems: [ProblemRecord]
    var suppressions: SuppressionRecord
    /// `Type.name` and `name` → the string values (``BackgroundTaskContext``'s constants).
    var constants: [String: [String]]
    var taskTypeDeclarations: [TaskTypeRecord]

    struct ProblemRecord: Sendable, Codable, Equatable {
        var path: String
        var kind: String
        var detail: String
    }

    struct TaskTypeRecord: Sendable, Codable, Equatable {
        var file: String
        var ownerPath: [String]
    }

    init(records: [SiteRecord], findings: [Finding], problems: [ProblemRecord], suppressions: SuppressionRecord,
         constants: [String: [String]], taskTypeDeclarations: [TaskTypeRecord]) {
        self.records = records
        self.findings = findings
        self.problems = problems
        self.suppressions = suppressions
        self.constants = constants
        self.taskTypeDeclarations = taskTypeDeclarations
    }

    init(_ file: FileAnalysis, findings: [Finding], problems: [InputProblem], constants: [String: Set<String>]) {
        records = file.sites.map(\.record)
        self.findings = findings
        self.problems = problems.map { ProblemRecord(path: $0.path, kind: $0.kind.rawValue, detail: $0.detail) }
        suppressions = SuppressionRecord(source: file.source)
        self.constants = constants.mapValues { $0.sorted() }
        taskTypeDeclarations = file.taskTypeDeclarations.map { TaskTypeRecord(file: $0.file, ownerPath: $0.ownerPath) }
    }

    var inputProblems: [InputProblem] {
        problems.compactMap { record in
            InputProblem.Kind(rawValue: record.kind).map { InputProblem(path: record.path, kind: $0, detail: record.detail) }
        }
    }

    var declarations: [TaskTypeDeclaration] {
        taskTypeDeclarations.map { TaskTypeDeclaration(file: $0.file, ownerPath: $0.ownerPath) }
    }
}

/// The lines of a file that hold `taskwarden:` and the file's line count: enough to rebuild its
/// ``SuppressionDirectives`` exactly, since directives are read line by line and regions end at the last line.
struct SuppressionRecord: Sendable, Codable, Equatable {
    /// Line number → the line's text.
    var lines: [Int: String]
    var lineCount: Int

    init(lines: [Int: String], lineCount: Int) {
        self.lines = lines
        self.lineCount = lineCount
    }

    init(source: String) {
        var lines: [Int: String] = [:]
        var count = 0
        if SuppressionDirectives.mentionsDirective(source) {
            for line in source.split(omittingEmptySubsequences: false, whereSeparator: \.endsSourceLine) {
                count += 1
                if line.contains("taskwarden:") { lines[count] = String(line) }
            }
        }
        self.lines = lines
        self.lineCount = count
    }

    /// The directives, parsed from a stand-in text: the recorded lines at their numbers, blank lines between.
    var directives: SuppressionDirectives {
        guard !lines.isEmpty else { return SuppressionDirectives(source: "") }
        var text = ""
        for number in 1...max(lineCount, 1) {
            if number > 1 { text += "\n" }
            if let line = lines[number] { text += line }
        }
        return SuppressionDirectives(source: text)
    }
}

extension FileFacts {
    /// No facts (for probing a file's bytes before any are known).
    static let empty = FileFacts(records: [], findings: [], problems: [], suppressions: SuppressionRecord(lines: [:], lineCount: 0),
                                 constants: [:], taskTypeDeclarations: [])
}
