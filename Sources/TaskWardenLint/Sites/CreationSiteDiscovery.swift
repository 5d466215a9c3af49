import SwiftSyntax

/// Finds every creation site of one file in a single syntax pass, and the declarations of types named
/// `Task` (which shadow Swift's `Task` in their module).
///
/// ```swift
/// let tree = Parser.parse(source: text)
/// let result = CreationSiteDiscovery.discover(in: tree, source: text, file: "Shelf.swift",
///                                             deploymentTargets: DeploymentTargets())
/// result.sites.count
/// ```
public enum CreationSiteDiscovery {
    /// What one pass over a file finds.
    public struct Result: Sendable {
        /// The sites in source order, before module-wide `Task` shadowing is applied.
        public var sites: [CreationSite]
        /// Types named `Task` declared in this file.
        public var taskTypeDeclarations: [TaskTypeDeclaration]
        /// The file's type declarations, read once (what the records' isolation and frame calls looked up).
        public var types: TypeIndex
    }

    /// Statements and members whose text holds no creation token are skipped without visiting their nodes.
    /// `work` counts the syntax nodes read beyond the sites (the type index's walk and the records' lookups).
    public static func discover(
        in tree: SourceFileSyntax, source: String, file: String, lines: SourceLineTable? = nil,
        deploymentTargets: DeploymentTargets, work: SyntaxWork? = nil
    ) -> Result {
        // The parser is lossless: the tree's text is the source, byte for byte.
        var text = source
        let table = lines ?? SourceLineTable(source)
        let visitor = text.withUTF8 { buffer in
            let visitor = Visitor(file: file, lines: table, deploymentTargets: deploymentTargets, bytes: buffer)
            visitor.walk(tree)
            return visitor
        }
        // The visitor meets an outer call before the calls in its base (`a.task {}.backgroundTask {}`).
        var sites = visitor.sites.sorted { $0.position.utf8Offset < $1.position.utf8Offset }
        let types = TypeIndex(tree)
        work?.add(types.nodesVisited)
        completeRecords(&sites, lookups: SiteLookups(types: types, work: work))
        return Result(sites: sites, taskTypeDeclarations: visitor.taskTypes, types: types)
    }

    /// Fills in what each record reads from syntax beyond the site itself: where the task runs, and the stored
    /// closures its frame calls (one walk per function frame, shared by the frame's sites).
    private static func completeRecords(_ sites: inout [CreationSite], lookups: SiteLookups) {
        var callsByFrame: [SyntaxIdentifier: [String]] = [:]
        for index in sites.indices {
            let site = sites[index]
            sites[index].record.isolation = TaskIsolation.of(kind: site.kind, closure: site.closure, at: site.node, lookups: lookups)
            guard let frame = DeclarationContext.nearestFrame(above: site.node), !frame.is(ClosureExprSyntax.self) else { continue }
            if let known = callsByFrame[frame.id] {
                sites[index].record.frameCalls = known
            } else {
                let found = StoredClosureCalls.calledStoredClosures(by: frame, types: lookups.types).sorted()
                callsByFrame[frame.id] = found
                sites[index].record.frameCalls = found
            }
        }
    }

    private final class Visitor: SyntaxVisitor {
        let file: String
        let lines: SourceLineTable
        let deploymentTargets: DeploymentTargets
        var sites: [CreationSite] = []
        var taskTypes: [TaskTypeDeclaration] = []
        /// The file's bytes, valid during `walk` only.
        let bytes: UnsafeBufferPointer<UInt8>
        let scanner = CreationTokenScanner()
        /// The `guard #available` statements of this file's statement lists, read once per list.
        var availabilityGuards = AvailabilityFloor.GuardIndex()
        /// The file's frames: labels, closure numbers and declaration paths, worked out once for all its sites.
        let declarations = DeclarationContext.Memo()

        init(file: String, lines: SourceLineTable, deploymentTargets: DeploymentTargets, bytes: UnsafeBufferPointer<UInt8>) {
            self.file = file
            self.lines = lines
            self.deploymentTargets = deploymentTargets
            self.bytes = bytes
            super.init(viewMode: .sourceAccurate)
        }

        /// Visiting nodes is the expensive part; the byte scan of a statement's text is not.
        private func worthVisiting(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
            scanner.mayContainSite(bytes, from: node.position.utf8Offset, to: node.endPosition.utf8Offset) ? .visitChildren : .skipChildren
        }

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { worthVisiting(node) }
        override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind { worthVisiting(node) }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let match = CreationCallClassifier.classify(node) {
                let nameArgument = node.arguments.first { $0.label?.text == "name" }
                record(
                    kind: match.kind, token: match.token, node: Syntax(node),
                    closure: CreationCallClassifier.bodyClosure(of: node), nameArgument: nameArgument,
                    binding: nil, usesUnqualifiedTask: match.usesUnqualifiedTask
                )
            }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard node.bindingSpecifier.tokenKind == .keyword(.let),
                  let asyncModifier = node.modifiers.first(where: { $0.name.tokenKind == .keyword(.async) })
            else { return .visitChildren }
            for (index, binding) in node.bindings.enumerated() {
                let token = index == 0 ? asyncModifier.name : (binding.pattern.firstToken(viewMode: .sourceAccurate) ?? asyncModifier.name)
                record(kind: .asyncLet, token: token, node: Syntax(node), closure: nil, nameArgument: nil, binding: binding,
                       usesUnqualifiedTask: false)
            }
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { noteType(node.name, node); return .visitChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { noteType(node.name, node); return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { noteType(node.name, node); return .visitChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { noteType(node.name, node); return .visitChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { noteType(node.name, node); return .visitChildren }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { noteType(node.name, node); return .visitChildren }

        private func noteType(_ name: TokenSyntax, _ node: some SyntaxProtocol) {
            guard name.text == "Task" else { return }
            taskTypes.append(TaskTypeDeclaration(file: file, ownerPath: DeclarationContext.typePath(of: node)))
        }

        private func record(
            kind: CreationSiteKind, token: TokenSyntax, node: Syntax, closure: ClosureExprSyntax?,
            nameArgument: LabeledExprSyntax?, binding: PatternBindingSyntax?, usesUnqualifiedTask: Bool
        ) {
            let offset = token.positionAfterSkippingLeadingTrivia
            let floor = AvailabilityFloor.floor(around: node, guards: &availabilityGuards)
            let surroundings = SiteSurroundings(of: node)
            let nameExpression = nameArgument?.expression
            let name = TaskNameExpression(nameExpression)
            let record = SiteRecord(
                position: position(of: offset),
                kind: kind,
                name: name,
                nameAvailability: NameAvailability.of(NameOverload(kind: kind, call: node.as(FunctionCallExprSyntax.self)), at: deploymentTargets.raised(by: floor)),
                enclosingDeclaration: DeclarationContext.enclosingDeclarationPath(of: node, memo: declarations),
                guessedLabel: DeclarationContext.guessedLabel(of: node, memo: declarations),
                calledThrough: surroundings.calledThrough,
                parentSiteKind: surroundings.parentSiteKind,
                isInsideLoop: surroundings.isInsideLoop,
                tokenLength: token.trimmedLength.utf8Length,
                nameText: name == .none ? nil : nameExpression?.trimmedText,
                namePosition: nameExpression.map { position(of: $0.positionAfterSkippingLeadingTrivia) },
                nameLength: nameExpression.map { $0.trimmedText.utf8.prefix { $0 != UInt8(ascii: "\n") }.count } ?? 1,
                firstArgumentText: node.as(FunctionCallExprSyntax.self)?.arguments.first?.expression.trimmedText,
                enclosingTypeNames: DeclarationContext.typePath(of: node),
                usesUnqualifiedTask: usesUnqualifiedTask
            )
            sites.append(CreationSite(record: record, node: node, token: token, closure: closure, nameArgument: nameArgument,
                                      asyncLetBinding: binding))
        }

        private func position(of offset: AbsolutePosition) -> SourcePosition {
            let location = lines.location(ofUTF8Offset: offset.utf8Offset)
            return SourcePosition(file: file, line: location.line, column: location.column, utf8Offset: offset.utf8Offset)
        }
    }
}
