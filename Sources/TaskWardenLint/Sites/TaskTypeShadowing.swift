/// A declaration of a type named `Task` (struct, class, enum, actor, protocol or typealias).
public struct TaskTypeDeclaration: Hashable, Sendable {
    public var file: String
    /// The types around the declaration (`["HTTPClient"]` for `HTTPClient.Task`); empty at top level.
    public var ownerPath: [String]
}

/// Which `Task` references mean a project's own type rather than Swift's.
///
/// A top-level `Task` type shadows Swift's `Task` in its whole module; a nested one (`HTTPClient.Task`) only
/// inside its owner (and the owner's extensions). The module of a file is the folder under `Sources/` or
/// `Tests/` that holds it (SwiftPM's layout), or else the linted root.
///
/// ```swift
/// let shadowing = TaskTypeShadowing(declarations: [.init(file: "Sources/Net/Client.swift", ownerPath: ["HTTPClient"])])
/// shadowing.shadows(site) // true for an unqualified `Task {…}` written inside HTTPClient
/// ```
public struct TaskTypeShadowing: Sendable {
    private var moduleWide: Set<String> = []
    private var ownersByModule: [String: Set<String>] = [:]

    public init(declarations: [TaskTypeDeclaration]) {
        for declaration in declarations {
            let module = Self.moduleKey(of: declaration.file)
            if let owner = declaration.ownerPath.last {
                ownersByModule[module, default: []].insert(owner)
            } else {
                moduleWide.insert(module)
            }
        }
    }

    /// True when the site's `Task` refers to a project type, so it is not a creation site.
    public func shadows(_ site: CreationSite) -> Bool { shadows(site.record) }

    /// The same for a site's record (a file served from the results cache).
    func shadows(_ record: SiteRecord) -> Bool {
        // Most trees declare no `Task` type: then no site needs its module worked out.
        guard record.usesUnqualifiedTask, !moduleWide.isEmpty || !ownersByModule.isEmpty else { return false }
        let module = Self.moduleKey(of: record.position.file)
        if moduleWide.contains(module) { return true }
        guard let owners = ownersByModule[module] else { return false }
        return record.enclosingTypeNames.contains { owners.contains($0) }
    }

    /// The module a file belongs to: `…/Sources/<Name>` or `…/Tests/<Name>` when the path has one, else "".
    public static func moduleKey(of file: String) -> String {
        // On bytes: where the components start (after each `/`); the path up to the end of the component after
        // the last `Sources` or `Tests` that has a component after its own.
        let bytes = Array(file.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") { starts.append(offset + 1) }
        func end(_ component: Int) -> Int { component + 1 < starts.count ? starts[component + 1] - 1 : bytes.count }
        func isFolder(_ component: Int) -> Bool {
            let name = bytes[starts[component]..<end(component)]
            return name.elementsEqual("Sources".utf8) || name.elementsEqual("Tests".utf8)
        }
        for index in stride(from: starts.count - 3, through: 0, by: -1) where isFolder(index) {
            return String(decoding: bytes[..<end(index + 1)], as: UTF8.self)
        }
        return ""
    }
}
