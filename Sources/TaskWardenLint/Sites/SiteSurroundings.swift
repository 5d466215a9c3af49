import SwiftSyntax

/// Facts about the code between a site and its enclosing declaration, gathered in one walk up the tree.
struct SiteSurroundings {
    var calledThrough: String?
    var parentSiteKind: CreationSiteKind?
    var isInsideLoop = false

    static let perItemCalls: Set<String> = ["forEach", "map", "compactMap", "flatMap", "reduce", "filter"]

    init(of node: Syntax) {
        var current = node.parent
        var innermostClosure = true
        while let ancestor = current {
            if DeclarationContext.isFrameDeclaration(ancestor) { break }
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
            current = ancestor.parent
        }
    }

    /// The call a closure is the trailing closure or an argument of.
    static func callOwning(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            return argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        return nil
    }

    /// The property a closure is stored in: assigned (`monitor.onQuiesced = { … }`, `onQuiesced = { … }`) or
    /// given as a stored property's initial value (`var onQuiesced: () -> Void = { … }` in a type). Closures
    /// passed as arguments or kept in local variables are called by the framework or by the same function,
    /// so they are not recorded.
    static func storageName(of closure: ClosureExprSyntax) -> String? {
        if let initializer = closure.parent?.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self),
           binding.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let assignment = closure.parent?.as(ExprListSyntax.self)?.unfoldedAssignment, assignment.value.id == closure.id {
            let target = assignment.target
            if let member = target.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
            if let reference = target.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        }
        return nil
    }
}
