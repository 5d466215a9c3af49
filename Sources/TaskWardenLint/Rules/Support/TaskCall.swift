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
    static func selfPropertyName(of target: Syntax, around node: some SyntaxProtocol) -> String? {
        var text = OwnBody.compactText(target)
        if let bracket = text.firstIndex(of: "[") { text = String(text[..<bracket]) }
        if text.hasPrefix("self.") {
            let rest = text.dropFirst("self.".count)
            return rest.contains(".") ? nil : String(rest)
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        guard TypeMembers.instanceMemberNames(around: node).contains(text),
              !SelfCapture.localNames(around: node).contains(text) else { return nil }
        return text
    }

    /// The stored-property name when the handle is appended or inserted into a collection property of `self`.
    static func selfCollectionName(receiving call: FunctionCallExprSyntax, around node: some SyntaxProtocol) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["append", "insert", "updateValue"].contains(member.declName.baseName.text),
              let base = member.base else { return nil }
        return selfPropertyName(of: Syntax(base), around: node)
    }

    /// Whether some member of the type around `node`, other than `deinit`, cancels the property `name`
    /// (`name?.cancel()`, `self.name.cancel()`, `name.values.forEach { $0.cancel() }`): the task then has an
    /// explicit way to stop that does not depend on deinitialisation.
    static func typeCancelsOutsideDeinit(_ name: String, around node: some SyntaxProtocol) -> Bool {
        guard let type = TypeMembers.enclosingType(of: node), let typeName = TypeMembers.typeName(of: type) else { return false }
        for declaration in TypeMembers.declarations(named: typeName, in: Syntax(node).root) {
            guard let members = TypeMembers.memberBlock(of: declaration) else { continue }
            for item in members.members where !item.decl.is(DeinitializerDeclSyntax.self) {
                for call in SyntaxSearch.all(FunctionCallExprSyntax.self, in: Syntax(item.decl)) {
                    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                          ["cancel", "cancelAll"].contains(member.declName.baseName.text) else { continue }
                    let receiver = member.base.map(OwnBody.compactText) ?? ""
                    if mentionsName(name, in: receiver) { return true }
                    // `tasks.values.forEach { $0.cancel() }`
                    if let closure = call.parent.flatMap({ OwnBody.enclosingBody(of: $0) })?.as(ClosureExprSyntax.self),
                       let holder = closure.parent?.as(FunctionCallExprSyntax.self),
                       mentionsName(name, in: OwnBody.compactText(holder.calledExpression)) {
                        return true
                    }
                }
            }
        }
        return false
    }

    private static func mentionsName(_ name: String, in text: String) -> Bool {
        let trimmed = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        return trimmed == name || trimmed.hasPrefix(name + "?") || trimmed.hasPrefix(name + ".") || trimmed.hasPrefix(name + "!")
            || trimmed.hasPrefix(name + "[")
    }
}
