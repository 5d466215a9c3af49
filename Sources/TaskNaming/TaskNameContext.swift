/// Everything name derivation knows about one creation site. Built by the fixer from syntax; plain data here.
///
/// ```swift
/// // .onAppear { Task { await model.loadWantlist() } } inside WantlistView.body
/// TaskNameContext(
///     declarationPath: DeclarationPath(parsing: "WantlistView.body"),
///     anchors: [.init(.action, "onAppear")],
///     operation: "loadWantlist",
///     isViewContent: true
/// )
/// ```
public struct TaskNameContext: Sendable, Hashable {
    /// Enclosing declarations, outermost first.
    public var declarationPath: DeclarationPath
    /// What the task's closure sits in, outermost first: storage it is assigned to (`refreshTask = Task {…}`)
    /// and actions or modifiers whose closure holds it (`.onAppear`, `Button(action:)`, `.refreshable`).
    public var anchors: [Anchor]
    /// The first call the task's body makes (`await model.loadWantlist()` → `loadWantlist`), if any.
    public var operation: String?
    /// A word for the creation kind worth adding on a clash (`detached`, `immediate`).
    public var kindWord: String?
    /// The site is inside a SwiftUI view's content (a `body` or another `some View` property).
    public var isViewContent: Bool
    /// The site creates one task per item (inside a loop or a task group's loop).
    public var isPerItem: Bool
    /// Used only when there is no enclosing declaration (top-level code).
    public var fileName: String?
    /// The task makes one call and the enclosing function only says *when* it runs (it registers an observer
    /// or is a generic handler): the call says what the task does better (`userDefaultsDidChange`).
    public var operationIsThePurpose: Bool = false

    public init(
        declarationPath: DeclarationPath,
        anchors: [Anchor] = [],
        operation: String? = nil,
        kindWord: String? = nil,
        isViewContent: Bool = false,
        isPerItem: Bool = false,
        fileName: String? = nil
    ) {
        self.declarationPath = declarationPath
        self.anchors = anchors
        self.operation = operation
        self.kindWord = kindWord
        self.isViewContent = isViewContent
        self.isPerItem = isPerItem
        self.fileName = fileName
    }

    /// Something a task's closure sits in.
    public struct Anchor: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// A variable or property the task is stored in.
            case storage
            /// A modifier, action or call whose closure holds the task.
            case action
            /// The user-visible title of the control whose action holds the task (`Button("Sync Now")`).
            case title
        }
        public var kind: Kind
        public var name: String
        public init(_ kind: Kind, _ name: String) {
            self.kind = kind
            self.name = name
        }
    }
}

/// An enclosing declaration path such as `RecordShelf.AlbumDetailViewModel.loadTracks(for:)`.
public struct DeclarationPath: Sendable, Hashable {
    public enum Component: Sendable, Hashable {
        case type(String)
        case function(String)
        case property(String)
        case initializer
        case deinitializer
        case `subscript`
        /// A named closure context with no declaration of its own.
        case closure(String)
    }

    public var components: [Component]

    public init(_ components: [Component]) {
        self.components = components
    }

    /// Reads the inventory's `enclosing` text: dot-separated, types capitalised, functions with parentheses.
    /// `AlbumDetailViewModel.loadTracks(for:)`, `WantlistView.body`, `Library.init(store:)`.
    public init(parsing text: String) {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(", "<", "[": depth += 1; current.append(character)
            case ")", ">", "]": depth -= 1; current.append(character)
            case "." where depth == 0:
                if !current.isEmpty { parts.append(current) }
                current = ""
            default: current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        components = parts.map { part in
            let base = DeclarationPath.baseName(part)
            if base == "init" { return .initializer }
            if base == "deinit" { return .deinitializer }
            if base == "subscript" { return .subscript }
            if part.contains("(") { return .function(part) }
            if let first = base.first, first.isUppercase || first.isNumber { return .type(part) }
            return .property(part)
        }
    }

    /// The innermost member (function, property, initializer…), if the path ends in one.
    public var member: Component? {
        guard let last = components.last else { return nil }
        if case .type = last { return nil }
        return last
    }

    /// `loadTracks(for:)` → `loadTracks`; `Cache<Key>` → `Cache`; leading underscores dropped.
    public static func baseName(_ text: String) -> String {
        var base = Substring(text)
        if let cut = base.firstIndex(where: { $0 == "(" || $0 == "<" }) { base = base[..<cut] }
        base = base.drop(while: { $0 == "_" || $0 == "`" })
        while base.last == "`" { base = base.dropLast() }
        return String(base)
    }
}
