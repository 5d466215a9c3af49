import SwiftSyntax
import TaskNaming

/// A call as name derivation sees it: its name, what it is called on, its endpoint, case and first label.
extension TaskBodyReader {
    /// A call as derivation needs it: name, what it is called on, and whether it is awaited.
    static func call(_ node: FunctionCallExprSyntax, callee: String) -> BodyCall {
        var receiver: String?
        var typeName: String?
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            (receiver, typeName) = Self.receiver(base)
        }
        var endpoint: String?
        if transportVerbs.contains(callee), let first = node.arguments.first {
            endpoint = endpointName(first.expression)
        }
        let owner = receiver ?? typeName
        let labels = node.arguments.map { "\($0.label?.text ?? "_"):" }.joined()
        let text = "\(owner.map { $0 + "." } ?? "")\(callee)(\(labels == "_:" ? "" : labels))"
        var call = BodyCall(name: callee, receiver: receiver, typeName: typeName, endpoint: endpoint,
                            isAwaited: isAwaited(node), text: text)
        // `connection.subscribe(to: "x")`: a first label that is a preposition names the object as surely as no
        // label does; the receiver is the agent, not what is subscribed.
        call.firstLabel = node.arguments.first?.label?.text
        call.hasLeadingArgument = node.arguments.first.map {
            $0.label == nil || objectPrepositions.contains($0.label!.text)
        } ?? false
        // `snapshot().pngData()`: the data is the snapshot's. `EventHandler(event: e).handleAsync()`: the call
        // is made on a value made for it.
        if let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self),
           let producer = base.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            call.producer = producer
        }
        // `fetch(.surrogates)`: an enum case passed first says what is fetched; so does the one case a call is
        // handed under a label that only says it is the thing sent (`write(operation: .pong)`).
        if let first = node.arguments.first,
           first.label == nil || (node.arguments.count == 1 && caseObjectLabels.contains(first.label!.text)),
           let member = first.expression.as(MemberAccessExprSyntax.self), member.base == nil {
            call.argumentCase = member.declName.baseName.text
        }
        // `coordinator.present(scene: .rebloggedBy(model), from: self)`, `navigate(to: .settings)`: where a
        // navigation goes is what it shows.
        if call.argumentCase == nil, let first = node.arguments.first, let label = first.label?.text,
           destinationLabels.contains(label), let scene = caseName(first.expression) {
            call.argumentCase = scene
        }
        // `track(InternalSuperwallEvent.AppClose())`: a value made for the call says what it sends.
        if let first = node.arguments.first,
           first.label == nil || (node.arguments.count == 1 && caseObjectLabels.contains(first.label!.text)),
           let made = first.expression.as(FunctionCallExprSyntax.self) {
            call.argumentType = constructedType(made.calledExpression)
        }
        if let labeled = node.arguments.first(where: { argument in
            argument.label != nil && argument.expression.as(MemberAccessExprSyntax.self).map { $0.base == nil } == true
        }), let member = labeled.expression.as(MemberAccessExprSyntax.self) {
            call.labeledCase = member.declName.baseName.text
        }
        return call
    }

    /// `AppClose` of `InternalSuperwallEvent.AppClose` or `AppClose`: the type a call constructs, if it names one.
    static func constructedType(_ called: ExprSyntax) -> String? {
        let name: String
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = called.as(MemberAccessExprSyntax.self), member.base != nil {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        return name.first?.isUppercase == true ? name : nil
    }

    /// Labels under which a navigation call is handed where it goes (`present(scene:)`, `navigate(to:)`).
    static let destinationLabels: Set<String> = ["scene", "destination", "route", "screen", "to"]

    /// Labels under which the one argument of a call is the thing it sends or performs (`write(operation: .pong)`).
    static let caseObjectLabels: Set<String> = ["operation", "op", "command", "message", "request", "frame", "packet"]

    /// What `base.call()` is called on: an instance's last name (`capabilities` in `self?.capabilities`), or a
    /// type (`AuthIdentity`, `Foo` in `Foo.shared`). Nothing for `self` or a call's result.
    static func receiver(_ base: ExprSyntax) -> (instance: String?, type: String?) {
        var expression = base
        while true {
            if let optional = expression.as(OptionalChainingExprSyntax.self) { expression = optional.expression; continue }
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression; continue }
            break
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if ["self", "Self", "super"].contains(name) { return (nil, nil) }
            return name.first?.isUppercase == true ? (nil, name) : (name, nil)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if singletonNames.contains(name), let inner = member.base { return receiver(inner) }
            return name.first?.isUppercase == true ? (nil, name) : (name, nil)
        }
        return (nil, nil)
    }

    /// `Accounts.unblock(id: …)` → `unblock`; `.timeline(…)` → `timeline`.
    static func endpointName(_ expression: ExprSyntax) -> String? {
        let called = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        // `perform(from: self, …)`: the caller handing itself over names no endpoint.
        guard let name = SiteNamingContext.calleeName(called), name.first?.isLowercase == true,
              !["self", "super"].contains(name), !genericPayloads.contains(name) else { return nil }
        return name
    }

    /// Names of what any request carries (`execute(with: input)`): they say nothing of which request it is.
    static let genericPayloads: Set<String> = [
        "input", "request", "data", "payload", "params", "parameters", "body", "value", "args", "arguments", "options",
        "message", "command", "query", "item", "object", "model",
    ]
}
