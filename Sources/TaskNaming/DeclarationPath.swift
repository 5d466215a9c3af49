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

    /// The enclosing types' names, outermost first (`[RecordShelf, AlbumDetailViewModel]`).
    public var typeNames: [String] {
        components.compactMap { component in
            if case .type(let name) = component { return name }
            return nil
        }
    }

    /// The path as the inventory writes it: `AlbumDetailViewModel.loadTracks(for:)`, `Library.init`, `main`
    /// for top-level code.
    public var description: String {
        let parts = components.map { component -> String in
            switch component {
            case .type(let name), .function(let name), .property(let name), .closure(let name): return name
            case .initializer: return "init"
            case .deinitializer: return "deinit"
            case .subscript: return "subscript"
            }
        }
        return parts.isEmpty ? "top-level code" : parts.joined(separator: ".")
    }

    /// `loadTracks(for:)` → `loadTracks`; `Cache<Key>` → `Cache`; leading underscores dropped.
    public static func baseName(_ text: String) -> String {
        // Every byte looked for is ASCII, so the bytes' indices are the string's own.
        let bytes = text.utf8
        var end = bytes.firstIndex { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "<") } ?? bytes.endIndex
        var start = bytes.startIndex
        while start < end, bytes[start] == UInt8(ascii: "_") || bytes[start] == UInt8(ascii: "`") {
            start = bytes.index(after: start)
        }
        while end > start, bytes[bytes.index(before: end)] == UInt8(ascii: "`") { end = bytes.index(before: end) }
        return String(text[start..<end])
    }
}
