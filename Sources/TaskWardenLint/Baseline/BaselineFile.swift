#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TaskWardenSupport
import Foundation

/// Reading and writing a ``Baseline`` file: `{"version": 1, "findings": [{"file", "rule", "message", "line"}]}`,
/// pretty-printed with sorted keys, entries sorted, ending in a newline.
///
/// ```swift
/// try Baseline(accepting: result).write(to: "taskwarden-baseline.json")
/// let baseline = try Baseline.load("taskwarden-baseline.json")
/// ```
extension Baseline {
    /// Why a baseline file cannot be used; the description names the file.
    public struct FileError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "baseline '\(path)': \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    struct Document: Codable {
        var version: Int
        var findings: [Entry]
    }

    /// The file's contents.
    public var fileContents: String {
        JSONWriter.document(Document(version: Self.version, findings: entries))
    }

    /// Reads a baseline file whole, refusing a missing, unreadable, malformed or other-version file, or one that
    /// is not a regular file. Memory grows with the file; `lint --baseline` uses ``check(_:)`` and
    /// ``newFindings(in:from:)`` instead, which hold only what can match the run's findings.
    public static func load(_ path: String) throws(FileError) -> Baseline {
        var reader = try BaselineReader(path: path)
        var entries: [Entry] = []
        _ = try reader.read(limit: nil) { fields in
            entries.append(Entry(file: fields.file ?? "", rule: fields.rule ?? "", message: fields.message ?? "", line: fields.line ?? ""))
        }
        return Baseline(entries: entries)
    }

    /// A baseline file found well-formed by ``check(_:)``.
    public struct CheckedFile: Sendable, Equatable {
        public var path: String
        /// How many entries it holds.
        public var entryCount: Int
    }

    /// Checks a baseline file to its last byte without keeping its entries (before a run: a bad baseline stops
    /// the run before any work). Time grows with the file, memory does not.
    public static func check(_ path: String) throws(FileError) -> CheckedFile {
        var reader = try BaselineReader(path: path)
        var count = 0
        _ = try reader.read(limit: 0) { _ in count += 1 }
        return CheckedFile(path: path, entryCount: count)
    }

    /// The findings of `result` the baseline `file` does not accept, in their order, as
    /// ``newFindings(in:)`` says; the file is read again, keeping only the entries equal to one of the run's
    /// findings (at most as many as there are such findings), so memory is bounded by the findings, not the file.
    public static func newFindings(in result: LintResult, from file: CheckedFile) throws(FileError) -> [Finding] {
        var lines = LineTextIndex(result)
        let entries = result.findings.map { entry(for: $0, lines: &lines) }
        var needed: [Entry: Int] = [:]
        for entry in entries { needed[entry, default: 0] += 1 }
        // A field longer than any finding's cannot match one and is not kept. Messages in a baseline are compared
        // without the positions they quote, which shortens them; a hand-written one may still hold them.
        let longest = needed.keys.reduce(0) { max($0, $1.file.utf8.count, $1.rule.utf8.count, $1.message.utf8.count, $1.line.utf8.count) }
        var accepted: [Entry: Int] = [:]
        var reader = try BaselineReader(path: file.path)
        _ = try reader.read(limit: 2 * longest + 1024) { fields in
            guard let path = fields.file, let rule = fields.rule, let message = fields.message, let line = fields.line else { return }
            let entry = Entry(file: path, rule: rule, message: message, line: line)
            guard let limit = needed[entry], accepted[entry, default: 0] < limit else { return }
            accepted[entry, default: 0] += 1
        }
        var new: [Finding] = []
        for (finding, entry) in zip(result.findings, entries) {
            if let count = accepted[entry], count > 0 {
                accepted[entry] = count - 1
            } else {
                new.append(finding)
            }
        }
        return new
    }

    /// Writes the file through a temporary file and a rename, so a reader never sees half of it, as
    /// `trace render -o` writes its page (`RegularFileOutput`): only a regular file is replaced (never a
    /// symbolic link, FIFO, device or directory), with its permission bits; a Swift source, or any file that is
    /// not a baseline, is never replaced.
    public func write(to path: String) throws(FileError) {
        // Not even a new one: it would be linted as a source next time.
        if path.hasSuffix(".swift") { throw FileError(path: path, reason: "cannot be written: \(Self.swiftSourceRefusal)") }
        let bytes = Array(fileContents.utf8)
        do {
            try RegularFileOutput.replace(path, writer: "--write-baseline", refusing: Self.refusal) { descriptor throws(RegularFileOutput.Failure) in
                try RegularFileOutput.writeAll(bytes, to: descriptor)
            }
        } catch {
            throw FileError(path: path, reason: "cannot be written: \(error.reason)")
        }
    }

    static let swiftSourceRefusal = "it is a Swift source file; --write-baseline writes JSON (give a path such as taskwarden-baseline.json)"

    /// What an existing file at a baseline's path must not be: a Swift source (by name), or a file that does not
    /// start like a baseline (its first byte other than white space is not `{`).
    static func refusal(_ path: String, _ status: stat) -> String? {
        if path.hasSuffix(".swift") { return swiftSourceRefusal }
        guard status.st_size > 0 else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }  // the write fails on its own with the reason
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let first = head[..<count].drop { [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }.first
        guard first != UInt8(ascii: "{") else { return nil }
        return "it exists and is not a baseline file (it does not start with '{'); --write-baseline replaces only an earlier baseline"
    }
}
