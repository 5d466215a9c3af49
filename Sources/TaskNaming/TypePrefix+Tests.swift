/// Prefixes of test code: a test type is named after what it tests, and an extension of a framework's base
/// type after what its file adds.
extension TypePrefix {
    /// `TestDebounce` → `Debounce`: a type declared as holding tests that opens on `Test` is named for its
    /// subject, as `DebounceTests` is (its kind word `Tests` goes at the end). Any other name as is; `TestCase`
    /// says no subject.
    public static func testSubject(_ typeName: String) -> String {
        let rest = typeName.dropFirst(4)
        guard typeName.hasPrefix("Test"), rest.first?.isUppercase == true, rest != "Case" else { return typeName }
        return String(rest)
    }

    /// `XCTestCase`, `UIView`: a system framework's base type, whose name past the framework's two capitals is
    /// only kind words. Extended, it says nothing of what the extension is for (`xc-…`, `ui-…`). A program's
    /// own `MLXService` keeps its name.
    public func isFrameworkBase(_ typeName: String) -> Bool {
        // Two capitals first, or it is not one (checked before stemming: this is asked at every site).
        let bytes = typeName.utf8.prefix(2)
        guard bytes.count == 2, bytes.allSatisfy({ (0x41...0x5A).contains($0) }) else { return false }
        let words = stem(typeName)
        guard words.count == 1, let word = words.first, word.count == 2 else { return false }
        return typeName.hasPrefix(word.uppercased()) && typeName.count > word.count
    }

    /// Words of a file name that say only that it holds extensions or helpers (`UIView+Extensions.swift`).
    static let extensionFileWords: Set<String> = [
        "extension", "extensions", "ext", "helper", "helpers", "utils", "utilities", "additions", "support",
    ]

    /// The prefix an extension of a framework's base type takes from its file: the topic after `+`
    /// (`XCTestCase+Waiting.swift` → `waiting`), or the file's own name (`ThroughputMeasurement.swift`); none
    /// when the file is named only for the base type or for holding extensions.
    func fileTopic(_ fileStem: String, extending typeName: String) -> [String] {
        let topic = fileStem.split(separator: "+").last.map(String.init) ?? fileStem
        guard topic != typeName else { return [] }
        let words = stem(topic)
        return words.allSatisfy(Self.extensionFileWords.contains) ? [] : fitted(words)
    }
}

extension TaskNameDerivation {
    /// The prefix of every site in the types around `context`: from the program's folder for a generic root
    /// view, from the file for an extension of a framework's base type (`extension XCTestCase` in
    /// `ThroughputMeasurement.swift`), else from the types, a test type by its subject (`TestDebounce` →
    /// `debounce`).
    func prefixWords(_ context: TaskNameContext) -> [String] {
        let types = context.declarationPath.typeNames.map {
            context.testTypes.contains($0) ? TypePrefix.testSubject($0) : $0
        }
        if let program = typePrefix.programWords(for: types, path: context.fileName) { return program }
        if let innermost = types.last, typePrefix.isFrameworkBase(innermost) {
            guard let fileName = context.fileName else { return [] }
            return typePrefix.fileTopic(Self.fileStem(fileName), extending: innermost)
        }
        return typePrefix.words(for: types)
    }
}
