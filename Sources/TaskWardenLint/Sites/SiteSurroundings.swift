import SwiftSyntax

/// Facts about the code between a site and its enclosing declaration, gathered in one walk up the tree.
struct SiteSurroundings {
    var calledThrough: String?
    var parentSiteKind: CreationSiteKind?
    var isInsideLoop = false

    static let perItemCalls: Set<String> = ["forEach", "map", "compactMap", "flatMap", "reduce", "filter"]

    init(of node: Syntax) {
        var child = node
        var current = node.parent
        var innermostClosure = true
        while let ancestor = current {
            if DeclarationContext.describeDeclaration(ancestor) != nil { break }
            if ancestor.is(ForStmtSyntax.self) || ancestor.is(WhileStmtSyntax.self) || ancestor.is(RepeatStmtSyntax.self) {
                isInsideLoop = true
            }
            if let closure = ancestor.as(ClosureExprSyntax.self) {
                let owner = Self.callOwning(closure)
                if let call = owner, parentSiteKind == nil, let match = CreationCallClassifier.classify(call) {
                    parentSiteKind = match.kind
                }
                if let call = owner, let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                   Self.perItemCalls.contains(name) {
                    isInsideLoop = true
                }
                if innermostClosure {
                    calledThrough = Self.storageName(of: closure)
                    innermostClosure = false
                }
            }
            child = ancestor
            current = ancestor.parent
        }
        _ = child
    }

    /// The call a closure is the trailing closure or an argument of.
    static func callOwning(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            return argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        return nil
    }

    /// The property a closure is assigned to (`monitor.onQuiesced = { … }`, `let onQuiesced = { … }`) or the
    /// label it is passed under (`Monitor(onQuiesced: { … })`), when it is not a task's own body.
    static func storageName(of closure: ClosureExprSyntax) -> String? {
        if let argument = closure.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), CreationCallClassifier.classify(call) == nil,
           !["operation", "body"].contains(label) {
            return label
        }
        if let initializer = closure.parent?.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let sequence = closure.parent?.as(ExprListSyntax.self), sequence.count == 3,
           let index = sequence.firstIndex(where: { $0.id == closure.id }), index == sequence.index(sequence.startIndex, offsetBy: 2),
           sequence[sequence.index(after: sequence.startIndex)].is(AssignmentExprSyntax.self) {
            let target = sequence[sequence.startIndex]
            if let member = target.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
            if let reference = target.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        }
        return nil
    }
}
