import Foundation

/// The targets of a `Package.swift`, read from its text (the manifest is not run): each target's folder and
/// its dependencies on other targets of the package. A program (``ProgramScope``) is a target with every
/// target it depends on, directly or not; products of other packages are not followed.
///
/// ```swift
/// // .executableTarget(name: "Server", dependencies: ["Core"]), .target(name: "Core"), .target(name: "Tools")
/// package.programs(of: "/pkg/Sources/Core/Store.swift")  // ["Server", "Core"]
/// ```
struct SwiftPackageTargets: Sendable {
    struct Target: Sendable {
        var name: String
        /// Relative to the package folder.
        var path: String
        var dependencies: [String]
    }

    let directory: String
    let targets: [Target]
    /// For each target, the targets whose program links it (itself included): computed once, asked per file.
    private let linkedBy: [String: Set<String>]
    /// `directory/` and its length in characters, spelled once.
    private let prefix: String
    private let prefixCount: Int
    /// Each target's `path/`, and the length of its path in characters.
    private let targetPrefixes: [(prefix: String, count: Int)]

    init?(directory: String) {
        guard let text = try? String(contentsOfFile: directory + "/Package.swift", encoding: .utf8) else { return nil }
        self.init(directory: directory, manifest: text)
    }

    init?(directory: String, manifest: String) {
        self.directory = directory
        self.targets = Self.targets(in: manifest)
        if targets.isEmpty { return nil }
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var linkedBy: [String: Set<String>] = [:]
        for target in targets {
            for linked in Self.closure(of: target, in: byName) { linkedBy[linked, default: []].insert(target.name) }
        }
        self.linkedBy = linkedBy
        prefix = directory.hasSuffix("/") ? directory : directory + "/"
        prefixCount = prefix.count
        targetPrefixes = targets.map { ($0.path + "/", $0.path.count) }
    }

    /// The targets (named `directory#Target`) whose program links `file`; nil when no target holds it.
    func programs(of file: String) -> Set<String>? {
        guard file.hasPrefix(prefix) else { return nil }
        // The characters `prefix` covers: when the file starts with its very bytes, those bytes (no count of
        // characters over the path).
        let relative = file.utf8.starts(with: prefix.utf8)
            ? String(file[file.utf8.index(file.startIndex, offsetBy: prefix.utf8.count)...])
            : String(file.dropFirst(prefixCount))
        // The longest path holding the file; the first of equally long ones.
        var owner: Int?
        for index in targetPrefixes.indices where relative.hasPrefix(targetPrefixes[index].prefix) {
            if let best = owner, targetPrefixes[best].count >= targetPrefixes[index].count { continue }
            owner = index
        }
        guard let owner else { return nil }
        return linkedBy[targets[owner].name] ?? []
    }

    private static func closure(of target: Target, in byName: [String: Target]) -> Set<String> {
        var seen: Set<String> = [target.name]
        var stack = target.dependencies
        while let next = stack.popLast() {
            guard seen.insert(next).inserted, let dependency = byName[next] else { continue }
            stack += dependency.dependencies
        }
        return seen
    }

    static let targetFactories = ["target", "executableTarget", "testTarget", "macro", "systemLibrary", "plugin"]
    /// Each factory's name and `(` as bytes, spelled once: every `.` of the manifest is tried against them.
    private static let factoryCalls = targetFactories.map { (name: $0, call: Array(($0 + "(").utf8)) }

    /// `.target(name: "X", dependencies: ["Y", .target(name: "Z"), .product(name: "P", package: "p")], path: "…")`.
    static func targets(in manifest: String) -> [Target] {
        let text = Array(manifest.utf8)
        var result: [Target] = []
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "."),
                  let factory = factoryCalls.first(where: { matches(text, at: index + 1, $0.call) })?.name
            else {
                index += 1
                continue
            }
            let open = index + 1 + factory.utf8.count
            let close = matchingParenthesis(text, from: open)
            let arguments = text[(open + 1)..<close]
            // The first match outside nested calls: `.product(name:)` inside dependencies comes after `name:`.
            if let name = ManifestScan.stringArgument(labelled: nameLabel, in: arguments) {
                let defaultFolder = factory == "testTarget" ? "Tests" : factory == "plugin" ? "Plugins" : "Sources"
                let path = ManifestScan.stringArgument(labelled: pathLabel, in: arguments).map(normalised)
                    ?? "\(defaultFolder)/\(name)"
                let targetDependencies = dependencies(in: String(decoding: arguments, as: UTF8.self))
                result.append(Target(name: name, path: path, dependencies: targetDependencies))
            }
            index = close + 1
        }
        return result
    }

    private static let nameLabel = Array("name:".utf8)
    private static let pathLabel = Array("path:".utf8)

    private static func matches(_ text: [UInt8], at index: Int, _ bytes: [UInt8]) -> Bool {
        guard index + bytes.count <= text.count else { return false }
        return text[index..<(index + bytes.count)].elementsEqual(bytes)
    }

    /// The index of the `)` closing the `(` at `open` (string literals skipped), or the end of the text.
    private static func matchingParenthesis(_ text: [UInt8], from open: Int) -> Int {
        var depth = 0
        var index = open
        var inString = false
        while index < text.count {
            let byte = text[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return text.count
    }

    private static func normalised(_ path: String) -> String {
        var result = path
        while result.hasPrefix("./") { result.removeFirst(2) }
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// Target names in `dependencies: [...]`: bare strings, `.target(name:)` and `.byName(name:)`; products of
    /// other packages are left out.
    private static func dependencies(in arguments: String) -> [String] {
        guard let start = arguments.range(of: "dependencies:") else { return [] }
        let text = Array(arguments[start.upperBound...].utf8)
        guard let open = text.firstIndex(of: UInt8(ascii: "[")) else { return [] }
        let close = matchingParenthesis(text, from: open)
        return ManifestScan.quotedStrings(in: ManifestScan.removingProducts(from: text[(open + 1)..<min(close, text.count)]))
    }
}
