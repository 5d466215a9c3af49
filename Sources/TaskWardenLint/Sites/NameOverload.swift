import SwiftSyntax

/// Which `name:` overload a creation call would resolve to, as far as syntax tells: the kind, the flavour of
/// task group it is called on, and whether it also passes `executorPreference:`. The overloads differ in the
/// OS versions they need (see ``NameAvailability/requirement(for:)``).
///
/// ```swift
/// // await withDiscardingTaskGroup { group in group.addTask { … } }
/// NameOverload(kind: .addTask, call: addTaskCall)  // .init(kind: .addTask, group: .discarding, …)
/// ```
public struct NameOverload: Hashable, Sendable, CustomStringConvertible {
    /// The flavour of task group a child is added to.
    public enum GroupFlavour: String, Hashable, Sendable {
        /// `TaskGroup` / `ThrowingTaskGroup`, or a group whose type syntax does not show (the common case).
        case plain
        /// `DiscardingTaskGroup` / `ThrowingDiscardingTaskGroup`.
        case discarding
    }

    public var kind: CreationSiteKind
    /// For group children: the group's flavour; `.plain` for every other kind.
    public var group: GroupFlavour
    /// True when the call passes `executorPreference:` (the SE-0417 overloads).
    public var takesExecutorPreference: Bool

    public init(kind: CreationSiteKind, group: GroupFlavour = .plain, takesExecutorPreference: Bool = false) {
        self.kind = kind
        self.group = kind.isGroupChild ? group : .plain
        self.takesExecutorPreference = takesExecutorPreference
    }

    /// The overload `call` (a site of `kind`) resolves to.
    public init(kind: CreationSiteKind, call: FunctionCallExprSyntax?) {
        let executor = call?.arguments.contains { $0.label?.text == "executorPreference" } ?? false
        let flavour = (kind.isGroupChild ? call.flatMap(Self.groupFlavour(of:)) : nil) ?? .plain
        self.init(kind: kind, group: flavour, takesExecutorPreference: executor)
    }

    /// `addTask(name:)`, `discarding-group addTask(name:executorPreference:)`, …
    public var description: String {
        let flavour = group == .discarding ? "discarding-group " : ""
        return flavour + kind.rawValue + (takesExecutorPreference ? "(name:executorPreference:)" : "(name:)")
    }

    static let discardingGroupFunctions: Set<String> = ["withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup"]
    static let plainGroupFunctions: Set<String> = ["withTaskGroup", "withThrowingTaskGroup"]

    /// The flavour of the group `group.addTask` is called on: the `with…TaskGroup` call whose body closure
    /// binds `group` (or `$0`), or a parameter declared `inout DiscardingTaskGroup`. Nil when unknown.
    static func groupFlavour(of call: FunctionCallExprSyntax) -> GroupFlavour? {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?
            .as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        var current = call.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self), closureBinds(closure, base) {
                return flavourOfGroupFunction(taking: closure)
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                let parameter = function.signature.parameterClause.parameters.first {
                    ($0.secondName ?? $0.firstName).text == base
                }
                guard let type = parameter?.type.trimmedText else { return nil }
                return type.contains("DiscardingTaskGroup") ? .discarding : .plain
            }
            current = node.parent
        }
        return nil
    }

    /// True when `closure` declares `name` as a parameter (`{ group in …}`, `{ (group) in …}`), or uses `$0`
    /// and `name` is `$0`.
    private static func closureBinds(_ closure: ClosureExprSyntax, _ name: String) -> Bool {
        guard let parameters = closure.signature?.parameterClause else { return name == "$0" }
        if let list = parameters.as(ClosureShorthandParameterListSyntax.self) {
            return list.first?.name.text == name
        }
        if let clause = parameters.as(ClosureParameterClauseSyntax.self) {
            return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text == name } ?? false
        }
        return false
    }

    private static func flavourOfGroupFunction(taking closure: ClosureExprSyntax) -> GroupFlavour? {
        var parent = closure.parent
        if parent?.is(LabeledExprSyntax.self) == true { parent = parent?.parent?.parent }  // `body: { … }`
        guard let call = parent?.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let callee else { return nil }
        if discardingGroupFunctions.contains(callee) { return .discarding }
        if plainGroupFunctions.contains(callee) { return .plain }
        return nil
    }
}
