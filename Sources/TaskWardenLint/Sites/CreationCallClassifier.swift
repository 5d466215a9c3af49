import SwiftSyntax

/// Decides whether a call creates a task, and which kind, from syntax alone.
///
/// Look-alikes it rejects: `Effect.task { … }` and `.task { … }` with no view in front of it (a type's static
/// member, as in The Composable Architecture), enum cases such as `.task(taskID:)`, helpers such as
/// `backgroundTask(withName:)` or `beginBackgroundTask(…)`, and `register(…)` without
/// `forTaskWithIdentifier:`. A same-module type named `Task` is handled after discovery (see
/// ``TaskTypeShadowing``).
public enum CreationCallClassifier {
    /// A recognised creation call.
    public struct Match: Sendable {
        public var kind: CreationSiteKind
        /// The token that names the creation (the site's location).
        public var token: TokenSyntax
        /// True when recognised from an unqualified `Task` (not `_Concurrency.Task`).
        public var usesUnqualifiedTask: Bool
    }

    static let groupMembers: [String: CreationSiteKind] = [
        "addTask": .addTask, "addTaskUnlessCancelled": .addTaskUnlessCancelled,
        "addImmediateTask": .addImmediateTask, "addImmediateTaskUnlessCancelled": .addImmediateTaskUnlessCancelled,
    ]

    static let taskMembers: [String: CreationSiteKind] = [
        "init": .taskInit, "detached": .taskDetached, "immediate": .taskImmediate,
        "immediateDetached": .taskImmediateDetached,
    ]

    /// Labels SwiftUI's `.task` modifier takes (the closure itself is unlabelled).
    static let swiftUITaskLabels: Set<String> = ["id", "priority", "name", "executorPreference", "file", "line"]

    /// The creation this call performs, or nil.
    public static func classify(_ call: FunctionCallExprSyntax) -> Match? {
        let callee = call.calledExpression
        let takesTaskArguments = takesTaskArguments(call)
        if takesTaskArguments, let token = unqualifiedTaskToken(callee) {
            return Match(kind: .taskInit, token: token, usesUnqualifiedTask: true)
        }
        if takesTaskArguments, let token = qualifiedTaskToken(callee) {
            return Match(kind: .taskInit, token: token, usesUnqualifiedTask: false)
        }
        // `register(forTaskWithIdentifier:…)` inside an `extension BGTaskScheduler` (implicit self).
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "register",
           call.arguments.first?.label?.text == "forTaskWithIdentifier" {
            return Match(kind: .backgroundTaskRegistration, token: reference.baseName, usesUnqualifiedTask: false)
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let memberName = member.declName.baseName.text
        if takesTaskArguments, let base = member.base, let kind = taskMembers[memberName] {
            if let token = unqualifiedTaskToken(base) {
                return Match(kind: kind, token: token, usesUnqualifiedTask: true)
            }
            if let token = qualifiedTaskToken(base) {
                return Match(kind: kind, token: token, usesUnqualifiedTask: false)
            }
        }
        if let kind = groupMembers[memberName], member.base != nil, hasBody(call) {
            return Match(kind: kind, token: member.declName.baseName, usesUnqualifiedTask: false)
        }
        switch memberName {
        case "task" where isSwiftUITaskModifier(call, member):
            return Match(kind: .swiftUITask, token: member.declName.baseName, usesUnqualifiedTask: false)
        case "backgroundTask" where isBackgroundTaskModifier(call, member):
            return Match(kind: .backgroundTask, token: member.declName.baseName, usesUnqualifiedTask: false)
        case "register" where call.arguments.first?.label?.text == "forTaskWithIdentifier":
            return Match(kind: .backgroundTaskRegistration, token: member.declName.baseName, usesUnqualifiedTask: false)
        default:
            return nil
        }
    }

    /// `Task` or `Task<A, B>`.
    private static func unqualifiedTaskToken(_ expression: ExprSyntax) -> TokenSyntax? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Task",
           reference.argumentNames == nil {
            return reference.baseName
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) {
            return unqualifiedTaskToken(generic.expression)
        }
        return nil
    }

    /// `_Concurrency.Task` or `Swift.Task` (optionally specialised).
    private static func qualifiedTaskToken(_ expression: ExprSyntax) -> TokenSyntax? {
        if let generic = expression.as(GenericSpecializationExprSyntax.self) {
            return qualifiedTaskToken(generic.expression)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "Task",
              let module = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              module == "_Concurrency" || module == "Swift"
        else { return nil }
        return member.declName.baseName
    }

    /// The labels of `Task.init`, `Task.detached`, `Task.immediate` and `Task.immediateDetached`.
    static let taskLabels: Set<String> = ["name", "priority", "executorPreference", "operation"]

    /// Swift's `Task` creators take only `taskLabels` and always a body (trailing or `operation:`), so
    /// `Task(title: "Buy milk")`, `Task(from: decoder)` or `Task()` is a model type named `Task` from another
    /// module (one in the same module is handled by ``TaskTypeShadowing``).
    private static func takesTaskArguments(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.arguments.allSatisfy({ $0.label.map { taskLabels.contains($0.text) } ?? false }) else { return false }
        return call.trailingClosure != nil || call.arguments.contains { $0.label?.text == "operation" }
    }

    /// A group's `addTask…` takes only the labels of `taskLabels`, and its body, which takes no parameters, as a
    /// trailing closure or as `operation:` (a closure or a function reference). So `todoStore.addTask(newTask)`,
    /// `board.addTask(title: "Buy milk")` or a build graph's `make.addTask(output: path) { task, scope in … }` is
    /// some other type's method, not a child task.
    private static func hasBody(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.arguments.allSatisfy({ $0.label.map { taskLabels.contains($0.text) } ?? false }) else { return false }
        if let parameters = call.trailingClosure?.signature?.parameterClause {
            if let names = parameters.as(ClosureShorthandParameterListSyntax.self), !names.isEmpty { return false }
            if let clause = parameters.as(ClosureParameterClauseSyntax.self), !clause.parameters.isEmpty { return false }
        }
        return call.trailingClosure != nil || call.arguments.contains { $0.label?.text == "operation" }
    }

    /// The closure a creation call runs: trailing, or passed as `operation:`, `launchHandler:`, `action:`,
    /// or as the last unlabelled argument.
    public static func bodyClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        bodyExpression(of: call)?.as(ClosureExprSyntax.self)
    }

    static let bodyLabels: Set<String> = ["operation", "launchHandler", "action", "body"]

    /// The task's body: a closure or a function reference (`.task(id: x, reload)`), trailing or passed as
    /// `operation:`, `launchHandler:`, `action:`, or as the last unlabelled argument.
    public static func bodyExpression(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        if let trailing = call.trailingClosure { return ExprSyntax(trailing) }
        guard let last = call.arguments.last else { return nil }
        let label = last.label?.text
        guard label == nil || bodyLabels.contains(label!) else { return nil }
        let expression = last.expression
        if expression.is(ClosureExprSyntax.self) || isFunctionReference(expression) { return expression }
        return nil
    }

    /// `reload`, `self.reload`, `model.reload(id:)`: a function passed by name.
    private static func isFunctionReference(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isLowercase == true
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
            return member.declName.baseName.text.first?.isLowercase == true
        }
        return false
    }

    /// A view modifier is applied to a value, not to a type: `Effect.task`, `EffectTask.task` and implicit
    /// `.task` (no base) are static factory members elsewhere.
    private static func looksLikeViewBase(_ base: ExprSyntax?) -> Bool {
        guard let base else { return false }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let first = reference.baseName.text.first
            return reference.baseName.text == "self" || !(first?.isUppercase ?? false)
        }
        if let generic = base.as(GenericSpecializationExprSyntax.self) {
            return looksLikeViewBase(generic.expression)
        }
        if let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.text.first?.isUppercase == true,
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true {
            return false  // Module.Type
        }
        return true
    }

    private static func isSwiftUITaskModifier(_ call: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax) -> Bool {
        guard looksLikeViewBase(member.base), let body = bodyExpression(of: call) else { return false }
        for argument in call.arguments where argument.expression.id != body.id {
            guard let label = argument.label?.text, swiftUITaskLabels.contains(label) else { return false }
        }
        return true
    }

    private static func isBackgroundTaskModifier(_ call: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax) -> Bool {
        guard looksLikeViewBase(member.base), let first = call.arguments.first, first.label == nil,
              !first.expression.is(ClosureExprSyntax.self)
        else { return false }
        return call.trailingClosure != nil || (call.arguments.count == 2 && bodyExpression(of: call) != nil)
    }
}
