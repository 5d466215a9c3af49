import SwiftSyntax
import TaskNaming

/// When the function around a task says less than the task itself: it registers an observer or is a generic
/// handler, and the task makes a single call, which then names it (`userDefaultsDidChange`).
extension SiteNamingContext {
    /// Calls whose closure runs later, on someone else's schedule: the function that calls them only sets
    /// the task up (`NotificationCenter.default.addObserver(forName:…) { _ in Task { … } }`).
    static let registrationCallees: Set<String> = [
        "addObserver", "sink", "observe", "onReceive", "subscribe", "addHandler", "addListener", "setEventHandler",
        "scheduledTimer", "addPeriodicTimeObserver", "addBoundaryTimeObserver", "onChange", "registerForTraitChanges",
        "notifications", "receive", "observeValue", "addNotificationObserver",
    ]

    /// Function names that say nothing about what the task in them does: a generic handler or a set-up that
    /// registers callbacks (`handle(_:)`, `registerObservers()`, `setUpBindings()`).
    static func isGenericHandler(_ component: DeclarationPath.Component) -> Bool {
        guard case .function(let name) = component else { return false }
        let base = DeclarationPath.baseName(name)
        if ["handle", "handler", "callback", "perform", "process", "notify", "receive", "update"].contains(base) {
            return true
        }
        return ["register", "observe", "subscribe", "setUp", "setup", "configure", "bind", "addObserver", "startObserving"]
            .contains { base.hasPrefix($0) }
    }

    /// True when the task's body is one statement that is one call (through `try`, `await`, `self?.`).
    static func makesOneCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let closure = taskClosure(of: call), closure.statements.count == 1,
              var expression = closure.statements.first?.item.as(ExprSyntax.self)
        else { return false }
        while true {
            if let tryExpression = expression.as(TryExprSyntax.self) { expression = tryExpression.expression; continue }
            if let awaitExpression = expression.as(AwaitExprSyntax.self) { expression = awaitExpression.expression; continue }
            break
        }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { expression = optional.expression }
        guard let inner = expression.as(FunctionCallExprSyntax.self) else { return false }
        return inner.trailingClosure == nil && !inner.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
    }
}
