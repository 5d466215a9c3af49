import SwiftSyntax

extension TaskBodyReader {
    /// The function a task is made in, as far as telling a call of it again from a call of a namesake: its base
    /// name and its parameters' argument labels.
    ///
    /// `Task { self?.refreshView(state: state) }` inside `refreshView(forceShowNextMessage:)` calls an overload,
    /// and `Task { await self.viewModel.refresh() }` inside `refresh()` calls another object's function: neither
    /// runs the enclosing function again, so neither retries it.
    struct EnclosingFunction {
        var name: String
        /// One entry per parameter: its argument label (`nil` for `_`) and whether it has a default value.
        var parameters: [(label: String?, hasDefault: Bool)]

        init(name: String, parameters: [(label: String?, hasDefault: Bool)]) {
            self.name = name
            self.parameters = parameters
        }

        /// The function `declaration` declares, or nil when it declares none.
        init?(_ declaration: Syntax?) {
            guard let function = declaration?.as(FunctionDeclSyntax.self) else { return nil }
            name = function.name.text
            parameters = function.signature.parameterClause.parameters.map { parameter in
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                return (label, parameter.defaultValue != nil)
            }
        }

        /// True when `call` could be this function called again: on `self` or on nothing, with arguments that
        /// fit its parameters in order (a defaulted parameter may be left out).
        func isCalled(by call: FunctionCallExprSyntax, callee: String) -> Bool {
            guard callee == name, Self.isOnSelf(call.calledExpression) else { return false }
            // A trailing closure fills the next parameter whatever its label.
            var arguments: [String??] = call.arguments.map { .some($0.label?.text) }
            if call.trailingClosure != nil { arguments.append(.none) }
            arguments += call.additionalTrailingClosures.map { .some($0.label.text) }
            var next = parameters.startIndex
            for argument in arguments {
                while next < parameters.endIndex, let label = argument, parameters[next].label != label {
                    guard parameters[next].hasDefault else { return false }
                    next += 1
                }
                guard next < parameters.endIndex else { return false }
                next += 1
            }
            return parameters[next...].allSatisfy(\.hasDefault)
        }

        /// `refresh()`, `self.refresh()`, `self?.refresh()`: never `viewModel.refresh()`.
        private static func isOnSelf(_ callee: ExprSyntax) -> Bool {
            var callee = callee
            if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
            guard let member = callee.as(MemberAccessExprSyntax.self) else { return callee.is(DeclReferenceExprSyntax.self) }
            guard var base = member.base else { return false }
            if let optional = base.as(OptionalChainingExprSyntax.self) { base = optional.expression }
            if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
            return base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }
    }
}
