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
        let notAnObject = FileError(path: path, reason: "is not a JSON object; expected {\"version\": \(version), \"findings\": […]} as --write-baseline writes it")
        let value: JSONValue
        do {
            value = try JSONReader.value(from: data)
        } catch {
            throw error.key == nil ? notAnObject : FileError(path: path, reason: "malformed: \(error)")
        }
        guard case .object(let dictionary) = value else { throw notAnObject }
        guard case .number(let number)? = dictionary["version"], let found = Int(exactly: number) else {
            throw FileError(path: path, reason: "has no whole-number 'version'; expected \(version)")
        }
        guard found == version else {
            throw FileError(path: path, reason: "has version \(found), this taskwarden reads version \(version); write it again with --write-baseline")
        }
        do {
            return Baseline(entries: try JSONReader.decode(Document.self, from: data).findings)
        } catch {
            throw FileError(path: path, reason: "malformed: \(error)")
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
}
