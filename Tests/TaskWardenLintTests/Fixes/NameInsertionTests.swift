import SwiftParser
import SwiftSyntax
import Testing
@testable import TaskWardenLint

/// Names every call whose callee ends in `Task`, `Task<…>`, `init`, `detached`, `immediate` or `addTask…`,
/// the way the fixer does, and returns the new text and the verdict of the re-parse check.
func nameEveryTaskCall(_ source: String, name: String = "album-sync") -> (text: String, verdict: FixVerification.Verdict) {
    let tree = Parser.parse(source: source)
    final class Calls: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let callee = node.calledExpression.trimmedDescription
            if callee.hasPrefix("Task") || callee.hasSuffix(".addTask") || callee.hasSuffix("addTaskUnlessCancelled") {
                calls.append(node)
            }
            return .visitChildren
        }
    }
    let calls = Calls(viewMode: .sourceAccurate)
    calls.walk(tree)
    let insertions = calls.calls.compactMap { NameInsertion.insertion(naming: $0, as: name) }
    let bytes = TextInsertion.apply(insertions, to: Array(source.utf8))
    return (String(decoding: bytes, as: UTF8.self), FixVerification.verify(old: tree, newBytes: bytes, insertions: insertions))
}

@Suite struct NameInsertionTests {
    @Test(arguments: [
        ("Task { await sync() }", #"Task(name: "album-sync") { await sync() }"#),
        ("Task<Void, Never> { await sync() }", #"Task<Void, Never>(name: "album-sync") { await sync() }"#),
        ("Task.init { await sync() }", #"Task.init(name: "album-sync") { await sync() }"#),
        ("Task() { await sync() }", #"Task(name: "album-sync") { await sync() }"#),
        ("Task(priority: .low) { await sync() }", #"Task(name: "album-sync", priority: .low) { await sync() }"#),
        ("Task.detached(priority: .low) { await sync() }", #"Task.detached(name: "album-sync", priority: .low) { await sync() }"#),
        ("Task(operation: { await sync() })", #"Task(name: "album-sync", operation: { await sync() })"#),
        ("group.addTask { await sync() }", #"group.addTask(name: "album-sync") { await sync() }"#),
        ("group.addTask(priority: .high, operation: { 1 })", #"group.addTask(name: "album-sync", priority: .high, operation: { 1 })"#),
        ("Task /* why */ { await sync() }", #"Task(name: "album-sync") /* why */ { await sync() }"#),
    ])
    func nameGoesFirst(before: String, after: String) {
        let result = nameEveryTaskCall(before)
        #expect(result.text == after)
        #expect(result.verdict == .accepted)
    }

    @Test func alreadyNamedCallsAreLeftAlone() {
        let source = #"Task(name: "x") { }"#
        #expect(nameEveryTaskCall(source).text == source)
    }

    @Test func oneArgumentPerLineGetsItsOwnLine() {
        let before = "Task(\n    priority: .low,\n    operation: { await sync() }\n)\n"
        let after = "Task(\n    name: \"album-sync\",\n    priority: .low,\n    operation: { await sync() }\n)\n"
        #expect(nameEveryTaskCall(before).text == after)
    }

    @Test func crlfCommentsAndTriviaSurvive() {
        let before = "// Library\r\nfunc load() {\r\n\tTask(\r\n\t\tpriority: .low // soon\r\n\t) { await sync() }  \r\n}\r\n"
        let after = "// Library\r\nfunc load() {\r\n\tTask(\r\n\t\tname: \"album-sync\",\r\n\t\tpriority: .low // soon\r\n\t) { await sync() }  \r\n}\r\n"
        let result = nameEveryTaskCall(before)
        #expect(result.text == after)
        #expect(result.verdict == .accepted)
    }

    @Test func commentAfterTheParenIsNotCopied() {
        let before = "Task( // low\n    priority: .low) { }"
        // The comment stays where it was; the name takes the argument's indentation, not the comment.
        #expect(nameEveryTaskCall(before).text == "Task( // low\n    name: \"album-sync\",\n    priority: .low) { }")
    }

    @Test func namesAreEscapedAsStringLiterals() {
        #expect(NameInsertion.quoted("a\"b\\c") == #""a\"b\\c""#)
    }

    @Test func insertionsKeepEveryOriginalByte() {
        let bytes = Array("abcdef".utf8)
        let result = TextInsertion.apply([.init(offset: 4, text: "Y"), .init(offset: 1, text: "X")], to: bytes)
        #expect(String(decoding: result, as: UTF8.self) == "aXbcdYef")
    }
}

@Suite struct FixVerificationTests {
    @Test func aChangeBeyondTheInsertionIsRejected() {
        let old = Parser.parse(source: "Task { await sync() }\nlet x = 1\n")
        // The insertion claims to add a name but the text also changes `1` to `2`.
        let newBytes = Array("Task(name: \"a\") { await sync() }\nlet x = 2\n".utf8)
        let verdict = FixVerification.verify(old: old, newBytes: newBytes, insertions: [.init(offset: 4, text: "(name: \"a\")")])
        guard case .rejected(let reason) = verdict else { Issue.record("accepted a changed tree"); return }
        #expect(reason.contains("differs"))
    }

    @Test func anInsertionThatBreaksTheSyntaxIsRejected() {
        let old = Parser.parse(source: "Task { await sync() }\n")
        let insertion = TextInsertion(offset: 4, text: "(name: \"a\"")
        let newBytes = TextInsertion.apply([insertion], to: Array("Task { await sync() }\n".utf8))
        guard case .rejected(let reason) = FixVerification.verify(old: old, newBytes: newBytes, insertions: [insertion]) else {
            Issue.record("accepted broken syntax"); return
        }
        #expect(reason.contains("syntax error"))
    }

    @Test func anInsertionThatReshapesTheTreeIsRejected() {
        // Inserting a name in the wrong place turns one call into another shape of tree.
        let source = "let t = Task { 1 }\n"
        let old = Parser.parse(source: source)
        let insertion = TextInsertion(offset: 8, text: "name: \"a\", ")
        let newBytes = TextInsertion.apply([insertion], to: Array(source.utf8))
        #expect(FixVerification.verify(old: old, newBytes: newBytes, insertions: [insertion]) != .accepted)
    }

    @Test(arguments: ["", "\nlet broken = \n"])  // without, then with, a syntax error elsewhere (whole-file path)
    func aValidButDifferentTreeIsRejected(suffix: String) {
        let source = "func load() {\n    Task { 1 }\n}\n" + suffix
        let old = Parser.parse(source: source)
        // `.self` parses cleanly but makes `Task.self { 1 }`: a member access the old tree did not have.
        let insertion = TextInsertion(offset: 22, text: ".self")
        let newBytes = TextInsertion.apply([insertion], to: Array(source.utf8))
        #expect(String(decoding: newBytes, as: UTF8.self).contains("Task.self { 1 }"))
        #expect(FixVerification.verify(old: old, newBytes: newBytes, insertions: [insertion]) != .accepted)
    }

    @Test func nestedAndSeveralInsertionsInOneFileVerify() {
        let source = """
            final class Library {
                lazy var warmUp = Task { await load() }
                func load() async {
                    Task {
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask { _ = Task.detached(priority: .low) { } }
                        }
                    }
                }
            }
            """
        let result = nameEveryTaskCall(source)
        #expect(result.text.components(separatedBy: "name: \"album-sync\"").count == 5)
        #expect(result.verdict == .accepted)
    }

    @Test func theSkeletonCheckProvesAnInsertionWithoutParsingTheBodies() throws {
        let source = "func load() {\n    Task { @MainActor in\n        await sync()\n        if ready { await more() }\n    }\n}\n"
        let old = Parser.parse(source: source)
        let insertion = TextInsertion(offset: 22, text: "(name: \"load\")")
        let units = try #require(FixVerification.changedUnits(in: old, insertions: [insertion]))
        #expect(units.map(\.trimmedDescription) == ["Task { @MainActor in\n        await sync()\n        if ready { await more() }\n    }"])
        #expect(FixVerification.verifySkeleton(units[0], oldBytes: old.syntaxTextBytes, insertions: [insertion]))
        // The same place with a different shape is not proven.
        let wrong = TextInsertion(offset: 22, text: ".self")
        #expect(!FixVerification.verifySkeleton(units[0], oldBytes: old.syntaxTextBytes, insertions: [wrong]))
    }

    @Test func errorsTheOldTextAlreadyHadAreTolerated() {
        let source = "Task { await sync() }\nlet = \n"
        let result = nameEveryTaskCall(source)
        #expect(result.verdict == .accepted)
    }
}

@Suite struct NameInsertionAnchorTests {
    func insert(_ source: String) -> String {
        let tree = Parser.parse(source: source)
        final class First: SyntaxVisitor {
            var call: FunctionCallExprSyntax?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if call == nil, node.calledExpression.trimmedDescription.hasSuffix("task") { call = node }
                return .visitChildren
            }
        }
        let visitor = First(viewMode: .sourceAccurate)
        visitor.walk(tree)
        guard let call = visitor.call, let insertion = NameInsertion.insertion(naming: call, as: "wantlist-load", after: ["id"]) else {
            return source
        }
        return String(decoding: TextInsertion.apply([insertion], to: Array(source.utf8)), as: UTF8.self)
    }

    @Test func swiftUITaskKeepsItsIDFirst() {
        #expect(insert("List {}.task(id: filter) { await load() }") == #"List {}.task(id: filter, name: "wantlist-load") { await load() }"#)
        #expect(insert("List {}.task(id: filter, priority: .low) { await load() }")
                == #"List {}.task(id: filter, name: "wantlist-load", priority: .low) { await load() }"#)
        #expect(insert("List {}.task { await load() }") == #"List {}.task(name: "wantlist-load") { await load() }"#)
    }
}

/// `fix` parses sub-file like `lint`: its check before writing must judge the old text, not the masked copy.
@Suite struct MaskedFixVerificationTests {
    static let source = """
        final class Feed {
            func reload() {
                let sorted = items.sorted { lhs, rhs in lhs.date > rhs.date && lhs.id < rhs.id }
                switch mode {
                case .all: Task { await show(sorted) }
                default: break
                }
            }
            func helper() { print("a member body without a site, long enough") }
        }

        """

    static func maskedTree() throws -> (SourceFileSyntax, [UInt8]) {
        let bytes = Array(source.utf8)
        guard case .subFile(let masked, _) = ParsePlan.make(for: bytes, options: ParsePlan.Options(rules: RuleRegistry.all)) else {
            throw MaskError.notSubFile
        }
        #expect(masked != bytes)
        return (masked.withUnsafeBufferPointer { Parser.parse(source: $0) }, bytes)
    }

    enum MaskError: Error { case notSubFile }

    static func insertion(in tree: SourceFileSyntax, text: String) throws -> TextInsertion {
        let offset = try #require(source.utf8.indices(of: "Task {")).first.map { source.utf8.distance(from: source.utf8.startIndex, to: $0) }
        return TextInsertion(offset: try #require(offset) + 4, text: text)
    }

    @Test func aRightInsertionIsAcceptedAgainstTheOldText() throws {
        let (tree, bytes) = try Self.maskedTree()
        let insertion = try Self.insertion(in: tree, text: "(name: \"feed-show\")")
        let newBytes = TextInsertion.apply([insertion], to: bytes)
        #expect(FixVerification.verify(old: tree, oldBytes: bytes, oldIsMasked: true, newBytes: newBytes, insertions: [insertion]) == .accepted)
        // The same masked tree taken for the old text would reject it: its blanked bodies differ from the new text.
        #expect(FixVerification.verifyWholeFile(old: tree, newBytes: newBytes, insertions: [insertion]) != .accepted)
    }

    @Test func aWrongInsertionIsStillRejected() throws {
        let (tree, bytes) = try Self.maskedTree()
        let insertion = try Self.insertion(in: tree, text: "(name: \"feed-show\"")
        let newBytes = TextInsertion.apply([insertion], to: bytes)
        #expect(FixVerification.verify(old: tree, oldBytes: bytes, oldIsMasked: true, newBytes: newBytes, insertions: [insertion]) != .accepted)
    }
}

private extension String.UTF8View {
    func indices(of text: String) -> [String.UTF8View.Index]? {
        let needle = Array(text.utf8)
        let bytes = Array(self)
        var found: [String.UTF8View.Index] = []
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            found.append(index(startIndex, offsetBy: start))
        }
        return found.isEmpty ? nil : found
    }
}

/// The skeleton check reads the old unit from the file's own parse when it can, and parses the old skeleton
/// when that parse is not the old text's (a masked copy blanked something in the unit).
@Suite struct SkeletonAgainstTheFileParseTests {
    static let source = "func load() {\n    Task.detached(priority: .low) { await sync() }\n}\n"
    @Test func aUnitTheFileParseHasAsWrittenIsProven() throws {
        let insertion = TextInsertion(offset: 32, text: "name: \"load\", ")
        let old = Parser.parse(source: Self.source)
        let unit = try #require(FixVerification.changedUnits(in: old, insertions: [insertion])?.first)
        #expect(FixVerification.verifySkeleton(unit, oldBytes: Array(Self.source.utf8), insertions: [insertion]))
        let wrong = TextInsertion(offset: 32, text: "name: \"load\"")
        #expect(!FixVerification.verifySkeleton(unit, oldBytes: Array(Self.source.utf8), insertions: [wrong]))
    }

    @Test func aUnitBlankedInTheFileParseIsProvenFromTheOldText() throws {
        // The tree comes from a copy with `.low` blanked: its unit is not the old text's, so the old skeleton
        // is parsed from the old bytes, and the right insertion is still proven, the wrong one still refused.
        let blanked = Self.source.replacingOccurrences(of: ".low", with: "    ")
        let insertion = TextInsertion(offset: 32, text: "name: \"load\", ")
        let tree = Parser.parse(source: blanked)
        let unit = try #require(FixVerification.changedUnits(in: tree, insertions: [insertion])?.first)
        #expect(FixVerification.verifySkeleton(unit, oldBytes: Array(Self.source.utf8), insertions: [insertion]))
        let wrong = TextInsertion(offset: 32, text: "name: \"load\" ")
        #expect(!FixVerification.verifySkeleton(unit, oldBytes: Array(Self.source.utf8), insertions: [wrong]))
    }
}
