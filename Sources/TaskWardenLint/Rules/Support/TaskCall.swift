import SwiftSyntax

/// Facts about a `Task…` creation call read from its syntax.
enum TaskCall {
    /// The failure type written in `Task<Success, Failure>` (or `Task<…>.detached`), if any.
    static func explicitFailureType(of call: FunctionCallExprSyntax) -> String? {
        var expression: ExprSyntax? = call.calledExpression
        while let current = expression {
            if let generic = current.as(GenericSpecializationExprSyntax.self) {
                let arguments = Array(generic.genericArgumentClause.arguments)
                guard arguments.count == 2 else { return nil }
                return OwnBody.compactText(arguments[1].argument)
            }
            expression = current.as(MemberAccessExprSyntax.self)?.base
        }
        return nil
    }

    /// Whether the closure's signature says `throws`.
    static func closureDeclaresThrows(_ closure: ClosureExprSyntax) -> Bool {
        guard let clause = closure.signature?.effectSpecifiers?.throwsClause else { return false }
        if let type = clause.type { return OwnBody.compactText(type) != "Never" }
        return true
    }

    /// The stored-property name when `target` (the left side of an assignment) is a property of `self`:
    /// `self.refreshTask`, `refreshTask` (a member of the enclosing type, not shadowed), `self.tasks[id]`.
    static func selfPropertyName(of target: Syntax, around node: some SyntaxProtocol, lookups: SiteLookups) -> String? {
        var text = OwnBody.compactText(target)
        if let bracket = text.firstIndex(of: "[") { text = String(text[..<bracket]) }
        if text.hasPrefix("self.") {
            let rest = text.dropFirst("self.".count)
            return rest.contains(".") ? nil : String(rest)
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        guard lookups.types.instanceMemberNames(around: node).contains(text),
              !lookups.localNames(around: node).contains(text) else { return nil }
        return text
    }

    /// The stored-property name when the handle is appended or inserted into a collection property of `self`.
    static func selfCollectionName(receiving call: FunctionCallExprSyntax, around node: some SyntaxProtocol,
                                   lookups: SiteLookups) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["append", "insert", "updateValue"].contains(member.declName.baseName.text),
              let base = member.base else { return nil }
        return selfPropertyName(of: Syntax(base), around: node, lookups: lookups)
    }

    /// Whether some member of the type around `node`, other than `deinit`, cancels the property `name`
    /// (`name?.cancel()`, `self.name.cancel()`, `name.values.forEach { $0.cancel() }`): the task then has an
    /// explicit way to stop that does not depend on deinitialisation. The type's members are read once per
    /// pass (``SiteLookups``).
    static func typeCancelsOutsideDeinit(_ name: String, around node: some SyntaxProtocol, lookups: SiteLookups) -> Bool {
        lookups.typeCancels(name, around: node)
    }

    /// The names whose value `call` cancels, if it is `x.cancel()` / `x.cancelAll()`: the receiver's first name
    /// (`task` for `self.task?.cancel()`, `tasks` for `tasks[id]?.cancel()`), and for `$0.cancel()` in a closure
    /// passed to a call (`tasks.values.forEach { $0.cancel() }`) that call's receiver's first name too.
    static func cancelledRoots(of call: FunctionCallExprSyntax) -> [String] {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["cancel", "cancelAll"].contains(member.declName.baseName.text) else { return [] }
        var roots = [rootName(of: member.base.map(OwnBody.compactText) ?? "")]
        if let closure = call.parent.flatMap({ OwnBody.enclosingBody(of: $0) })?.as(ClosureExprSyntax.self),
           let holder = closure.parent?.as(FunctionCallExprSyntax.self) {
            roots.append(rootName(of: OwnBody.compactText(holder.calledExpression)))
        }
        return roots.filter { !$0.isEmpty }
    }

    /// `task` for `self.task?`, `tasks[id]`, `task.value`: the text up to its first `?`, `!`, `.` or `[` after an
    /// optional `self.`.
    private static func rootName(of text: String) -> String {
        let trimmed = text.hasPrefix("self.") ? text.dropFirst(5) : Substring(text)
        return String(trimmed.prefix { !"?!.[".contains($0) })
    }
}
