import Foundation

/// Expands the paths a run is given into `.swift` files (and `Info.plist` files), following symbolic links
/// but reporting directory loops, skipping hidden files and folders (`.build`, `.git`), and applying the
/// configuration's include/exclude globs to files found inside directories.
struct SourceFileCollector {
    struct Found {
        var swiftFiles: [(absolute: String, display: String)] = []
        var propertyLists: [String] = []
        var problems: [InputProblem] = []
    }

    let workingDirectory: String

    func collect(path: String, configuration: LintConfiguration, into found: inout Found, seen: inout Set<String>) {
        let absolute = absolutePath(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            let dangling = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) != nil
            found.problems.append(InputProblem(path: path, kind: .missingPath, detail: dangling ? "symbolic link to a missing file" : "no such file or directory"))
            return
        }
        if isDirectory.boolValue {
            walk(directory: absolute, ancestors: [], configuration: configuration, into: &found, seen: &seen)
        } else if FileManager.default.isReadableFile(atPath: absolute) {
            let real = realPath(absolute)
            guard seen.insert(real).inserted else { return }
            if absolute.hasSuffix(".swift") {
                found.swiftFiles.append((absolute, displayPath(absolute)))
            } else if absolute.hasSuffix(".plist") {
                found.propertyLists.append(absolute)
            }
        } else {
            found.problems.append(InputProblem(path: path, kind: .unreadable, detail: "permission denied"))
        }
    }

    private func walk(directory: String, ancestors: Set<String>, configuration: LintConfiguration, into found: inout Found, seen: inout Set<String>) {
        let real = realPath(directory)
        if ancestors.contains(real) {
            found.problems.append(InputProblem(path: displayPath(directory), kind: .symlinkLoop,
                                               detail: "directory loop through symbolic links (back to \(displayPath(real))); not followed"))
            return
        }
        guard seen.insert(real).inserted else { return }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            found.problems.append(InputProblem(path: displayPath(directory), kind: .unreadable, detail: "cannot list the directory"))
            return
        }
        var inner = ancestors
        inner.insert(real)
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if entry.hasSuffix(".swift") {
                    found.problems.append(InputProblem(path: displayPath(path), kind: .missingPath, detail: "symbolic link to a missing file"))
                }
                continue
            }
            if isDirectory.boolValue {
                if entry.hasSuffix(".xcassets") { continue }
                walk(directory: path, ancestors: inner, configuration: configuration, into: &found, seen: &seen)
            } else if entry.hasSuffix(".swift") {
                guard isIncluded(path, configuration) else { continue }
                guard seen.insert(realPath(path)).inserted else { continue }
                if FileManager.default.isReadableFile(atPath: path) {
                    found.swiftFiles.append((path, displayPath(path)))
                } else {
                    found.problems.append(InputProblem(path: displayPath(path), kind: .unreadable, detail: "permission denied"))
                }
            } else if entry == "Info.plist" || entry.hasSuffix("-Info.plist") {
                found.propertyLists.append(path)
            }
        }
    }

    private func isIncluded(_ path: String, _ configuration: LintConfiguration) -> Bool {
        let base = absolutePath(configuration.baseDirectory)
        let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
        if !configuration.include.isEmpty, !configuration.include.contains(where: { Glob($0).matches(relative) }) { return false }
        return !configuration.exclude.contains { Glob($0).matches(relative) }
    }

    func absolutePath(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path)
        var result = url.standardizedFileURL.path
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// Relative to the working directory when the file is under it.
    func displayPath(_ absolute: String) -> String {
        let base = absolutePath(workingDirectory)
        if base == "/" { return String(absolute.dropFirst()) }
        if absolute.hasPrefix(base + "/") { return String(absolute.dropFirst(base.count + 1)) }
        return absolute
    }

    private func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
