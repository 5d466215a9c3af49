import Foundation

/// The targets of a `Package.swift`, read from its text (the manifest is not run): each target's folder, kind
/// and dependencies on other targets of the package, and the package's snippets. Programs (``ProgramScope``)
/// follow what SwiftPM links into each product it builds:
/// - an executable, macro or library target is a program with the library targets it depends on, directly or
///   not; an executable or macro target it depends on is a separate program (a tool, a compiler plugin), not
///   linked in, and a macro's own dependencies are not followed;
/// - a plugin target is a program of its own (its tools run as separate processes);
/// - every test target is linked into one test product (`swift test` runs `<Package>PackageTests`), with what
///   they depend on, including an executable or macro target a test target names directly;
/// - every `.swift` file under the package's `Snippets/` folder, at any depth, is an executable of its own,
///   linked with the library targets the package's library products name.
/// Products of other packages are not followed.
///
/// ```swift
/// // .executableTarget(name: "Server", dependencies: ["Core"]), .target(name: "Core"), .target(name: "Tools")
/// package.programs(of: "/pkg/Sources/Core/Store.swift")  // ["Server", "Core"]
/// package.programs(of: "/pkg/Snippets/Docc/PubSub.swift")  // ["Snippets/Docc/PubSub.swift"]
/// ```
struct SwiftPackageTargets: Sendable {
    struct Target: Sendable {
        var name: String
        /// Relative to the package folder.
        var path: String
        var dependencies: [String]
        /// The factory that declared it: `target`, `executableTarget`, `testTarget`, `macro`, `plugin`, …
        var kind: String = "target"
    }

    /// The program every test target is linked into (SwiftPM's one test product); no target can be named so.
    static let testProduct = "#tests"
    /// The folder SwiftPM builds snippets from, relative to the package folder.
    static let snippetsFolder = "Snippets"

    let directory: String
    let targets: [Target]
    /// The snippets, relative to the package folder (`Snippets/Docc/PubSub.swift`): each is a program.
    let snippets: [String]
    /// For each target, the programs linking it (itself included): computed once, asked per file.
    private let linkedBy: [String: Set<String>]
    /// `directory/` and its length in characters, spelled once.
    private let prefix: String
    private let prefixCount: Int
    /// Each target's `path/`, and the length of its path in characters.
    private let targetPrefixes: [(prefix: String, count: Int)]

    init?(directory: String) {
        guard let text = FileBytes.text(directory + "/Package.swift") else { return nil }
        self.init(directory: directory, manifest: text, snippets: Self.snippets(inPackage: directory))
    }

    /// `snippets`: the `.swift` files under `Snippets/`, relative to `directory`.
    init?(directory: String, manifest: String, snippets: [String] = []) {
        self.directory = directory
        self.targets = Self.targets(in: manifest)
        self.snippets = snippets
        if targets.isEmpty && snippets.isEmpty { return nil }
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var linkedBy: [String: Set<String>] = [:]
        for target in targets where target.kind != "testTarget" {
            for linked in Self.linked(from: [target.name], in: byName, test: false) { linkedBy[linked, default: []].insert(target.name) }
        }
        let tests = targets.filter { $0.kind == "testTarget" }.map(\.name)
        for linked in Self.linked(from: tests, in: byName, test: true) { linkedBy[linked, default: []].insert(Self.testProduct) }
        // Snippets link the library targets of the package's library products (SwiftPM's `PackageBuilder`).
        let products = Set(Self.libraryProductTargets(in: manifest)).filter { byName[$0]?.kind == "target" }
        for linked in Self.linked(from: products.sorted(), in: byName, test: false) {
            linkedBy[linked, default: []].formUnion(snippets)
        }
        for snippet in snippets { linkedBy[snippet, default: []].insert(snippet) }
        self.linkedBy = linkedBy
        prefix = directory.hasSuffix("/") ? directory : directory + "/"
        prefixCount = prefix.count
        targetPrefixes = targets.map { ($0.path + "/", $0.path.count) }
    }

    /// The `.swift` files under `package/Snippets`, at any depth, relative to `package` (sorted).
    static func snippets(inPackage package: String) -> [String] {
        let folder = package + "/" + snippetsFolder
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var result: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".swift") { result.append(snippetsFolder + "/" + relative) }
        }
        return result.sorted()
    }

    /// The programs (named by target, ``testProduct`` or snippet path) linking `file`; nil when no target
    /// or snippet holds it.
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
        guard let owner else { return isSnippet(relative) ? [relative] : nil }
        return linkedBy[targets[owner].name] ?? []
    }

    /// Whether every file directly in `folder` gets one answer from ``programs(of:)``: not in the snippets'
    /// folder, where each file is a program.
    func answersPerFolder(_ folder: String) -> Bool {
        let snippets = prefix + Self.snippetsFolder
        return !(folder == snippets || folder.hasPrefix(snippets + "/"))
    }

    private func isSnippet(_ relative: String) -> Bool {
        relative.hasPrefix(Self.snippetsFolder + "/") && relative.hasSuffix(".swift")
    }

    /// The targets SwiftPM links into a product made of `roots` (a test product when `test`): library targets
    /// reached through dependencies; an executable or macro target only as a root or, in a test product, as
    /// a test target's direct dependency; a macro's dependencies only from a root or a test (a library using a
    /// macro runs it in the compiler); a plugin only as a root; a test target only as a root.
    private static func linked(from roots: [String], in byName: [String: Target], test: Bool) -> Set<String> {
        let rootSet = Set(roots)
        let topLevel = test ? rootSet.union(roots.flatMap { byName[$0]?.dependencies ?? [] }) : rootSet
        var result: Set<String> = []
        var seen: Set<String> = []
        var stack = roots
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            guard let target = byName[next] else {
                result.insert(next)
                continue
            }
            let isTopLevel = topLevel.contains(next)
            switch target.kind {
            case "executableTarget", "macro":
                if rootSet.contains(next) || (test && isTopLevel) { result.insert(next) }
                if target.kind == "macro" && !isTopLevel { continue }
            case "plugin":
                if rootSet.contains(next) { result.insert(next) }
                continue
            case "testTarget":
                if rootSet.contains(next) { result.insert(next) }
            default:
                result.insert(next)
            }
            stack += target.dependencies
        }
        return result
    }

    /// The target names in the `targets:` lists of `.library(…)` products.
    static func libraryProductTargets(in manifest: String) -> [String] {
        let text = Array(manifest.utf8)
        let call = Array(".library(".utf8)
        var result: [String] = []
        var index = 0
        while index + call.count <= text.count {
            guard text[index..<(index + call.count)].elementsEqual(call) else {
                index += 1
                continue
            }
            let open = index + call.count - 1
            let close = matchingParenthesis(text, from: open)
            let arguments = String(decoding: text[(open + 1)..<close], as: UTF8.self)
            if let start = arguments.range(of: "targets:") {
                let list = Array(arguments[start.upperBound...].utf8)
                if let bracket = list.firstIndex(of: UInt8(ascii: "[")) {
                    let end = matchingParenthesis(list, from: bracket)
                    result += ManifestScan.quotedStrings(in: Array(list[(bracket + 1)..<min(end, list.count)]))
                }
            }
            index = close + 1
        }
        return result
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
                result.append(Target(name: name, path: path, dependencies: targetDependencies, kind: factory))
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
