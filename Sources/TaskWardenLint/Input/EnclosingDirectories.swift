import Foundation

/// A path's folder and every folder above it, nearest first: where `.taskwarden.json`, `Package.swift` and
/// Xcode projects are searched for. A path that is not an existing directory (a file, or missing) starts
/// at its parent.
///
/// ```swift
/// EnclosingDirectories.of("/work/Shelf/Sources/App.swift").map(\.path)
/// // ["/work/Shelf/Sources", "/work/Shelf", "/work", "/"]
/// ```
enum EnclosingDirectories {
    static func of(_ path: String) -> UnfoldFirstSequence<URL> {
        var start = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: start.path, isDirectory: &isDirectory) || !isDirectory.boolValue {
            start = start.deletingLastPathComponent()
        }
        return sequence(first: start) { directory in
            let parent = directory.deletingLastPathComponent()
            return parent.path == directory.path ? nil : parent
        }
    }
}
