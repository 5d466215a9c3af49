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
        JSONOutput.encode(Document(version: Self.version, findings: entries))
    }

    /// Reads a baseline file, refusing a missing, unreadable, malformed or other-version file.
    public static func load(_ path: String) throws(FileError) -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw FileError(path: path, reason: !exists ? "no such file (write one with --write-baseline)"
                                : isDirectory.boolValue ? "is a directory, not a baseline file" : "cannot be read")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any] else {
            throw FileError(path: path, reason: "is not a JSON object; expected {\"version\": \(version), \"findings\": […]} as --write-baseline writes it")
        }
        guard let found = dictionary["version"] as? Int else {
            throw FileError(path: path, reason: "has no whole-number 'version'; expected \(version)")
        }
        guard found == version else {
            throw FileError(path: path, reason: "has version \(found), this taskwarden reads version \(version); write it again with --write-baseline")
        }
        do {
            return Baseline(entries: try JSONDecoder().decode(Document.self, from: data).findings)
        } catch {
            throw FileError(path: path, reason: "malformed: \(Self.describe(error))")
        }
    }

    /// Writes the file (through a temporary file and a rename, so a reader never sees half of it).
    public func write(to path: String) throws(FileError) {
        do {
            try Data(fileContents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FileError(path: path, reason: "cannot be written (\(error.localizedDescription))")
        }
    }

    /// `findings[3].rule: missing` rather than Foundation's `DecodingError` dump.
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: return "\(path(context.codingPath)): expected a string"
        case .dataCorrupted(let context)?: return "\(path(context.codingPath)): \(context.debugDescription)"
        default: return String(describing: error)
        }
    }
}
