/// A cache entry is used only for the file it describes: well-formed is not enough.
///
/// ```swift
/// cache.load(key)?.checked(for: "Sources/Shelf.swift", byteCount: bytes.count)  // nil: a miss, parsed instead
/// ```
extension FileFacts {
    /// These facts, when everything in them belongs to the file at `path` of `byteCount` bytes: every site,
    /// finding, related location, problem and declared type names that file; every line, column and offset
    /// lies within it; every length and count is bounded by its size (a line count of a billion would otherwise
    /// rebuild a billion-line text). Nil otherwise.
    func checked(for path: String, byteCount: Int) -> FileFacts? {
        let bounds = FileBounds(path: path, byteCount: byteCount)
        for record in records {
            guard bounds.contains(record.position), bounds.isLength(record.tokenLength), bounds.isLength(record.nameLength),
                  record.namePosition.map(bounds.contains) ?? true else { return nil }
        }
        for finding in findings {
            guard bounds.contains(finding.position), bounds.isLength(finding.length),
                  finding.related.allSatisfy({ bounds.contains($0.position) }) else { return nil }
        }
        for problem in problems {
            guard problem.path == path || problem.path.hasPrefix(path + ":") else { return nil }
        }
        guard taskTypeDeclarations.allSatisfy({ $0.file == path }),
              (0...byteCount + 1).contains(suppressions.lineCount),
              suppressions.lines.keys.allSatisfy({ (1...max(1, suppressions.lineCount)).contains($0) }),
              suppressions.lines.values.reduce(0, { $0 + $1.utf8.count }) <= byteCount
        else { return nil }
        return self
    }
}

/// The places that lie in one file.
struct FileBounds {
    let path: String
    let byteCount: Int

    func contains(_ position: SourcePosition) -> Bool {
        position.file == path && (1...byteCount + 1).contains(position.line) && (1...byteCount + 1).contains(position.column)
            && (0...byteCount).contains(position.utf8Offset)
    }

    func isLength(_ length: Int) -> Bool { (0...byteCount + 1).contains(length) }
}

extension BackgroundFacts {
    /// Whether every finding (and related location) lies in one of `files` (path → byte count): the files
    /// with background-task code whose keys make up the entry's key.
    func belongs(to files: [String: Int]) -> Bool {
        findings.allSatisfy { finding in
            guard let size = files[finding.position.file], FileBounds(path: finding.position.file, byteCount: size).contains(finding.position)
            else { return false }
            return finding.related.allSatisfy { related in
                files[related.position.file].map { FileBounds(path: related.position.file, byteCount: $0).contains(related.position) } ?? false
            }
        }
    }
}
