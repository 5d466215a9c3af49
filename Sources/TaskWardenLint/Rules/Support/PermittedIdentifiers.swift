import Foundation

/// Reads `BGTaskSchedulerPermittedIdentifiers` from Info.plist files (XML or binary).
enum PermittedIdentifiers {
    static let key = "BGTaskSchedulerPermittedIdentifiers"

    enum ReadError: Error, CustomStringConvertible, Equatable {
        case unreadable(path: String, reason: String)
        case notAPropertyList(path: String, reason: String)
        case wrongShape(path: String)

        var description: String {
            switch self {
            case .unreadable(let path, let reason): return "\(path): cannot read the file (\(reason))"
            case .notAPropertyList(let path, let reason): return "\(path): not a property list (\(reason))"
            case .wrongShape(let path): return "\(path): \(PermittedIdentifiers.key) is not an array of strings"
            }
        }
    }

    /// The identifiers one Info.plist permits; nil when the file has no `BGTaskSchedulerPermittedIdentifiers`.
    static func read(from url: URL) throws(ReadError) -> [String]? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try parse(data, path: url.path)
    }

    static func parse(_ data: Data, path: String) throws(ReadError) -> [String]? {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notAPropertyList(path: path, reason: String(describing: error))
        }
        guard let dictionary = plist as? [String: Any], let value = dictionary[key] else { return nil }
        guard let identifiers = value as? [String] else { throw .wrongShape(path: path) }
        return identifiers
    }

    /// Whether a file name looks like an Info.plist (`Info.plist`, `App-Info.plist`).
    static func isInfoPlist(_ fileName: String) -> Bool {
        fileName == "Info.plist" || fileName.hasSuffix("-Info.plist") || fileName.hasSuffix("_Info.plist")
    }

    /// Every Info.plist under the given roots (files or directories), skipping build and dependency folders.
    static func infoPlists(under roots: [URL]) -> [URL] {
        var found: [URL] = []
        let skipped: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"]
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                if isInfoPlist(root.lastPathComponent) { found.append(root) }
                continue
            }
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in walker {
                if skipped.contains(url.lastPathComponent) {
                    walker.skipDescendants()
                    continue
                }
                if isInfoPlist(url.lastPathComponent) { found.append(url) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
