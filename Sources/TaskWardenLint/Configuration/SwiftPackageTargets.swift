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
    }

    /// The targets (named `directory#Target`) whose program links `file`; nil when no target holds it.
    func programs(of file: String) -> Set<String>? {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        guard file.hasPrefix(prefix) else { return nil }
        let relative = String(file.dropFirst(prefix.count))
        guard let owner = targets.filter({ relative.hasPrefix($0.path + "/") }).max(by: { $0.path.count < $1.path.count })
        else { return nil }
        return linkedBy[owner.name] ?? []
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

    /// `.target(name: "X", dependencies: ["Y", .target(name: "Z"), .product(name: "P", package: "p")], path: "…")`.
    static func targets(in manifest: String) -> [Target] {
        let text = Array(manifest.utf8)
        var result: [Target] = []
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "."),
                  let factory = targetFactories.first(where: { matches(text, at: index + 1, $0 + "(") })
            else {
                index += 1
                continue
            }
            let open = index + 1 + factory.utf8.count
            let close = matchingParenthesis(text, from: open)
            let arguments = String(decoding: text[(open + 1)..<close], as: UTF8.self)
            if let name = stringArgument("name", in: arguments) {
                let defaultFolder = factory == "testTarget" ? "Tests" : factory == "plugin" ? "Plugins" : "Sources"
                let path = stringArgument("path", in: arguments).map(normalised) ?? "\(defaultFolder)/\(name)"
                result.append(Target(name: name, path: path, dependencies: dependencies(in: arguments)))
            }
            index = close + 1
        }
        return result
    }

    private static func matches(_ text: [UInt8], at index: Int, _ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard index + bytes.count <= text.count else { return false }
        return Array(text[index..<(index + bytes.count)]) == bytes
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

    /// The string literal passed as `label:` at the top level of `arguments`.
    private static func stringArgument(_ label: String, in arguments: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: "(?:^|[,(\\s])\(label):\\s*\"([^\"]*)\"") else { return nil }
        let range = NSRange(arguments.startIndex..., in: arguments)
        // The first match outside nested calls: `.product(name:)` inside dependencies comes after `name:`.
        guard let match = regex.firstMatch(in: arguments, range: range),
              let value = Range(match.range(at: 1), in: arguments)
        else { return nil }
        return String(arguments[value])
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
        var list = String(decoding: text[(open + 1)..<min(close, text.count)], as: UTF8.self)
        if let product = try? NSRegularExpression(pattern: "\\.product\\([^)]*\\)") {
            list = product.stringByReplacingMatches(in: list, range: NSRange(list.startIndex..., in: list), withTemplate: "")
        }
        guard let string = try? NSRegularExpression(pattern: "\"([^\"]+)\"") else { return [] }
        return string.matches(in: list, range: NSRange(list.startIndex..., in: list)).compactMap {
            Range($0.range(at: 1), in: list).map { String(list[$0]) }
        }
    }
}
