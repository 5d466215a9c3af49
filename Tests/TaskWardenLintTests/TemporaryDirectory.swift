import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is deinitialised.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-tests-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `contents` to `relative`, creating folders.
    func write(_ relative: String, _ contents: String) throws {
        try write(relative, Data(contents.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
