import Foundation
import SwiftSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the background-task rules share about the whole tree: the function index, string constants for
/// resolving identifiers, and where identifiers are registered, submitted and permitted.
struct BackgroundTaskContext {
    /// One use of a background-task identifier.
    struct IdentifierUse {
        enum Kind: String { case registered, submitted, swiftUI = "used in .backgroundTask" }
        let kind: Kind
        /// The identifier's value when syntax shows it (a literal, or a constant with a literal value).
        let value: String?
        let expression: ExprSyntax
        let file: FileAnalysis
        var position: SourcePosition { file.position(of: expression) }
    }

    /// The request types whose `identifier:` is a background-task identifier.
    static let requestTypes: Set<String> = [
        "BGAppRefreshTaskRequest", "BGProcessingTaskRequest", "BGContinuedProcessingTaskRequest", "BGHealthResearchTaskRequest",
    ]

    /// Tokens that make a file relevant to the background rules (and worth parsing even without a creation
    /// site): where requests are submitted, tasks completed, and expiration handlers set.
    static let scanTokens = ["BGTaskScheduler", "setTaskCompleted", "expirationHandler"]

    /// The files whose every function the background rules index and every request made in them
    /// (``BackgroundTaskIndex``), not only the declarations holding sites. `.backgroundTask(` counts only where
    /// no label follows (SwiftUI's scene modifier).
    static let indexedFileTokens = scanTokens + ["BGAppRefreshTask", "BGProcessingTask", ".backgroundTask(", "forTaskWithIdentifier"]

    /// The words that give a function body something the rules index (``BackgroundTaskIndex``: a submission, a
    /// completion, an expiration handler, a request and its identifier): the other bodies of those files are
    /// emptied unless they call a function whose body holds one (``FunctionReachFile``).
    static let indexedWords = ["submit", "submitTaskRequest", "setTaskCompleted", "expirationHandler"]
        + requestTypes.sorted() + ["BGTaskScheduler", "BGAppRefreshTask", "BGProcessingTask"]

    /// What the background rules read (``SyntaxReads``): files with background-task code although they hold no
    /// site, a tree-wide index of every function of those files, a launch handler as written (what it calls,
    /// awaits and hands its task to), and the string constants identifiers resolve through.
    static let reads = SyntaxReads(
        fileTokens: scanTokens,
        siteClosure: .init(readWhole: [.backgroundTask, .backgroundTaskRegistration]),
        anywhere: .init(stringConstants: true),
        functionIndex: .init(fileTokens: indexedFileTokens, words: indexedWords))

    /// The files with background-task code (a token or a site).
    let relevantFiles: [FileAnalysis]
    let uses: [IdentifierUse]

    /// Nil when the tree has no background-task code at all (the rules then have nothing to say).
    /// `resolvingIdentifiers: false` skips reading constants (for rules that do not need identifier values).
    /// `unparsed` holds the files the run did not parse, which may declare the constants identifiers name.
    init?(files: [FileAnalysis], cachedFiles: [CachedFile] = [], unparsed: UnparsedConstants = .none, resolvingIdentifiers: Bool = true) {
        let tokens = (Self.scanTokens + ["BGAppRefreshTask", "BGProcessingTask"]).map { Array($0.utf8) }
        let relevant = files.filter { file in
            file.sites.contains { $0.kind == .backgroundTask || $0.kind == .backgroundTaskRegistration }
                || Self.containsAny(file.source, tokens)
        }
        guard !relevant.isEmpty else { return nil }
        relevantFiles = relevant
        var found: [(kind: IdentifierUse.Kind, expression: ExprSyntax, file: FileAnalysis)] = []
        for file in relevant {
            for site in file.sites {
                if site.kind == .backgroundTaskRegistration, let call = site.call,
                   let argument = call.arguments.first(where: { $0.label?.text == "forTaskWithIdentifier" }) {
                    found.append((.registered, argument.expression, file))
                }
                if site.kind == .backgroundTask, let identifier = Self.appRefreshIdentifier(of: site) {
                    found.append((.swiftUI, identifier, file))
                }
            }
            for call in SyntaxSearch.all(FunctionCallExprSyntax.self, in: Syntax(file.tree)) {
                // The callee's last token names the type (`BGAppRefreshTaskRequest`, `BackgroundTasks.BGProcessingTaskRequest`).
                guard let callee = call.calledExpression.lastToken(viewMode: .sourceAccurate)?.text,
                      Self.requestTypes.contains(callee),
                      let argument = call.arguments.first(where: { $0.label?.text == "identifier" }) else { continue }
                found.append((.submitted, argument.expression, file))
            }
        }
        // Constants are read only from files that mention a name some identifier expression uses.
        var names: Set<String> = []
        if resolvingIdentifiers {
            names = Set(found.compactMap { use -> String? in
                guard !use.expression.is(StringLiteralExprSyntax.self) else { return nil }
                var text = OwnBody.compactText(use.expression)
                if text.hasSuffix(".rawValue") { text = String(text.dropLast(".rawValue".count)) }
                let parts = text.split(separator: ".")
                // A bare parameter or local is never resolved: do not look for it.
                if parts.count == 1, SelfCapture.localNames(around: use.expression).contains(text) { return nil }
                return parts.last.map(String.init)
            })
        }
        let constants = Self.constants(mentioning: names, files: files, cachedFiles: cachedFiles, unparsed: unparsed)
        uses = found.map { IdentifierUse(kind: $0.kind, value: Self.resolve($0.expression, constants), expression: $0.expression, file: $0.file) }
        self.constants = constants
        self.constantNames = names
    }

    /// The constants declared in the files that mention one of `names` (parsed files from their syntax, cached
    /// files from the constants recorded when they were parsed, files the run did not parse from `unparsed`):
    /// what identifier expressions resolve through.
    static func constants(mentioning names: Set<String>, files: [FileAnalysis], cachedFiles: [CachedFile],
                          unparsed: UnparsedConstants = .none) -> [String: Set<String>] {
        var constants: [String: Set<String>] = [:]
        guard !names.isEmpty else { return constants }
        let needles = names.sorted().map { Array($0.utf8) }
        for file in files where Self.containsAny(file.source, needles) {
            Self.collectConstants(in: Syntax(file.tree), into: &constants)
        }
        for file in cachedFiles where file.contains(anyOf: needles) { file.facts.addConstants(to: &constants) }
        constants.merge(unparsed.constants(declaring: names)) { $0.union($1) }
        return constants
    }

    /// The context of a tree's files (``TreeAnalysis/background`` holds the one its rules share).
    init?(tree: TreeAnalysis, resolvingIdentifiers: Bool = true) {
        self.init(files: tree.files, cachedFiles: tree.cachedFiles, resolvingIdentifiers: resolvingIdentifiers)
    }

    /// The function index over the relevant files (built on demand: the identifier rule does not need it).
    func makeIndex() -> BackgroundTaskIndex { BackgroundTaskIndex(files: relevantFiles.map(\.tree)) }

    /// The constants identifiers resolved through, and the names they were looked for by (the results cache
    /// checks that a later tree resolves the same names to the same values before reusing findings).
    let constants: [String: Set<String>]
    let constantNames: Set<String>

    /// Whether `text` contains any of `tokens` (UTF-8), found with ``ByteSearch``: a fraction of parse cost.
    static func containsAny(_ text: String, _ tokens: [[UInt8]]) -> Bool {
        var copy = text
        return copy.withUTF8 { CreationTokenScanner.containsAny(tokens, in: $0) }
    }

    /// The identifier expression of `.backgroundTask(.appRefresh(ID))`.
    static func appRefreshIdentifier(of site: CreationSite) -> ExprSyntax? {
        guard let call = site.call, let first = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
              let member = first.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "appRefresh", let identifier = first.arguments.first else { return nil }
        return identifier.expression
    }

    /// The closure of a `.backgroundTask(…) { … }` or `BGTaskScheduler.register(…) { … }` site.
    static func closure(of site: CreationSite) -> ClosureExprSyntax? {
        if let closure = site.closure { return closure }
        guard let call = site.call else { return nil }
        if let trailing = call.trailingClosure { return trailing }
        return call.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
    }

    func resolve(_ expression: ExprSyntax) -> String? { Self.resolve(expression, constants) }

    /// A string literal's value, or the value of the constant an expression names: `Type.name` (a static
    /// or instance constant, or an enum case's raw value, declared in that type), or a bare `name` / `Self.name`
    /// declared in the type around the use or at file level. A bare name that is a parameter or local of the
    /// enclosing function is not resolved; neither is a name with several different values.
    static func resolve(_ expression: ExprSyntax, _ constants: [String: Set<String>]) -> String? {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return literalValue(literal) }
        var text = OwnBody.compactText(expression)
        if text.hasSuffix(".rawValue") { text = String(text.dropLast(".rawValue".count)) }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        let parts = text.split(separator: ".").map(String.init)
        guard let name = parts.last else { return nil }
        let key: String
        if parts.count >= 2, parts[parts.count - 2] != "Self", parts[parts.count - 2] != "self" {
            guard parts[parts.count - 2].first?.isUppercase == true else { return nil }
            key = "\(parts[parts.count - 2]).\(name)"
        } else {
            if parts.count == 1, SelfCapture.localNames(around: expression).contains(name) { return nil }
            let type = TypeMembers.enclosingType(of: expression).flatMap(TypeMembers.typeName(of:))
                .map { $0.split(separator: ".").last.map(String.init) ?? $0 }
            if let type, let values = constants["\(type).\(name)"] {
                return values.count == 1 ? values.first : nil
            }
            key = name
        }
        guard let values = constants[key], values.count == 1 else { return nil }
        return values.first
    }

    static func literalValue(_ literal: StringLiteralExprSyntax) -> String? {
        var value = ""
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }

    /// `let name = "literal"` and `case name = "literal"` at file and type level (not inside function bodies),
    /// keyed `Type.name` inside a type (or extension) and `name` at file level.
    static func collectConstants(in node: Syntax, type: String? = nil, into constants: inout [String: Set<String>]) {
        func key(_ name: String) -> String { type.map { "\($0).\(name)" } ?? name }
        if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let literal = binding.initializer?.value.as(StringLiteralExprSyntax.self),
                      let value = literalValue(literal) else { continue }
                constants[key(name), default: []].insert(value)
            }
            return
        }
        if let element = node.as(EnumCaseElementSyntax.self) {
            if let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self), let value = literalValue(literal) {
                constants[key(element.name.text), default: []].insert(value)
            }
            return
        }
        var innerType = type
        if let declaration = node.as(DeclSyntax.self), [.classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl].contains(node.kind),
           let name = TypeMembers.typeName(of: declaration) {
            innerType = name.split(separator: ".").last.map(String.init) ?? name
        }
        switch node.kind {
        case .sourceFile, .codeBlockItemList, .codeBlockItem, .classDecl, .structDecl, .enumDecl, .actorDecl,
             .extensionDecl, .memberBlock, .memberBlockItemList, .memberBlockItem, .enumCaseDecl, .enumCaseElementList,
             .ifConfigDecl, .ifConfigClauseList, .ifConfigClause:
            for child in node.children(viewMode: .sourceAccurate) { collectConstants(in: child, type: innerType, into: &constants) }
        default:
            return
        }
    }

    /// The name of a closure's first parameter (`task` in `{ task in … }`), `$0` when it uses shorthand.
    static func firstParameterName(of closure: ClosureExprSyntax) -> String? {
        guard let clause = closure.signature?.parameterClause else {
            return closure.statements.description.contains("$0") ? "$0" : nil
        }
        if let parameters = clause.as(ClosureShorthandParameterListSyntax.self) { return parameters.first?.name.text }
        if let parameters = clause.as(ClosureParameterClauseSyntax.self) {
            return parameters.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        }
        return nil
    }

    /// The parameter's name and every local name bound from an expression that mentions it
    /// (`let refresh = task as! BGAppRefreshTask`, `guard let t = task as? BGProcessingTask`).
    static func aliases(of parameter: String, in closure: ClosureExprSyntax) -> Set<String> {
        var names: Set<String> = [parameter]
        for node in SyntaxSearch.all(Syntax.self, in: Syntax(closure)) {
            if let binding = node.as(PatternBindingSyntax.self), let value = binding.initializer?.value,
               let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
               mentionsAny(names, in: Syntax(value)) {
                names.insert(name)
            }
            if let binding = node.as(OptionalBindingConditionSyntax.self),
               let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                if let value = binding.initializer?.value, mentionsAny(names, in: Syntax(value)) { names.insert(name) }
                if binding.initializer == nil, names.contains(name) { names.insert(name) }
            }
        }
        return names
    }

    static func mentionsAny(_ names: Set<String>, in root: Syntax) -> Bool {
        SyntaxSearch.all(DeclReferenceExprSyntax.self, in: root).contains { names.contains($0.baseName.text) }
    }

    /// Whether the task (any alias) is stored somewhere other than a local (`self.current = task`): its
    /// completion and expiration may then be handled anywhere.
    static func taskEscapes(_ names: Set<String>, in closure: ClosureExprSyntax) -> Bool {
        for list in SyntaxSearch.all(ExprListSyntax.self, in: Syntax(closure)) {
            guard let assignment = list.unfoldedAssignment else { continue }
            if mentionsAny(names, in: Syntax(assignment.value)) { return true }
        }
        for call in SyntaxSearch.all(FunctionCallExprSyntax.self, in: Syntax(closure)) {
            guard let name = BackgroundTaskIndex.baseName(of: call), ["append", "insert", "yield", "send", "resume"].contains(name) else { continue }
            if call.arguments.contains(where: { mentionsAny(names, in: Syntax($0.expression)) }) { return true }
        }
        return false
    }
}
