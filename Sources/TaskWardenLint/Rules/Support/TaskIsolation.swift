import SwiftSyntax

/// Where a task's closure runs, as far as syntax shows it.
///
/// Values are the strings of the `isolation` field in `taskwarden list`: a global actor's name (`MainActor`),
/// `actor` (on the enclosing actor instance, because the closure captures `self`), or `nonisolated`.
/// Unknown (nil) when syntax cannot tell: inside a closure that is not itself a task (other than the body of a
/// continuation, a task group or a cancellation handler's operation, which run on the caller's isolation), in a
/// class with a superclass or protocol that may carry a global actor, or under a project-wide default isolation
/// setting.
enum TaskIsolation {
    static let actorValue = "actor"
    static let nonisolatedValue = "nonisolated"

    /// Superclasses and protocols known to be `@MainActor`.
    static let mainActorSupertypes: Set<String> = [
        "View", "App", "Scene", "UIViewController", "UIView", "UIApplicationDelegate", "UIWindowSceneDelegate",
        "UISceneDelegate", "NSViewController", "NSView", "NSApplicationDelegate", "UITableViewController",
        "UICollectionViewController", "UINavigationController", "UITabBarController", "UIViewRepresentable",
        "UIViewControllerRepresentable", "NSViewRepresentable",
    ]
    /// Protocols known not to change isolation.
    static let neutralSupertypes: Set<String> = [
        "Sendable", "Hashable", "Equatable", "Codable", "Encodable", "Decodable", "Identifiable", "Error",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Comparable", "AnyObject", "Observable",
        "ObservableObject",
    ]

    /// The isolation of a task created by `kind` with body `closure` at `node`.
    static func of(kind: CreationSiteKind, closure: ClosureExprSyntax?, at node: some SyntaxProtocol, lookups: SiteLookups) -> String? {
        if let explicit = closure.flatMap(globalActorAttribute(of:)) { return explicit }
        switch kind {
        case .taskDetached, .taskImmediateDetached, .addTask, .addTaskUnlessCancelled, .addImmediateTask,
             .addImmediateTaskUnlessCancelled, .asyncLet:
            return nonisolatedValue
        case .swiftUITask:
            return "MainActor"
        case .backgroundTask, .backgroundTaskRegistration:
            return nil
        case .taskInit, .taskImmediate:
            return inherited(closure: closure, at: Syntax(node), lookups: lookups)
        }
    }

    /// `MainActor` for `{ @MainActor in … }`.
    static func globalActorAttribute(of closure: ClosureExprSyntax) -> String? {
        closure.signature?.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
            .map { OwnBody.compactText($0.attributeName) }.first { $0.hasSuffix("Actor") }
    }

    private static func globalActor(in attributes: AttributeListSyntax) -> String? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
            .map { OwnBody.compactText($0.attributeName) }.first { $0.hasSuffix("Actor") }
    }

    private static func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "nonisolated" }
    }

    /// Functions whose closure runs synchronously, or as part of the caller, on the caller's isolation (their
    /// `isolation: isolated (any Actor)? = #isolation` parameter): a task created in the closure inherits the
    /// isolation of the code around the call. For `withTaskCancellationHandler`, only the operation.
    static let isolationInheritingFunctions: Set<String> = [
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
        "withUnsafeThrowingContinuation", "withTaskCancellationHandler", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    ]

    /// Whether `closure` is the body of one of ``isolationInheritingFunctions`` (`withCheckedContinuation { c in
    /// … }`), so code in it runs on the isolation of the code around the call.
    static func runsOnCallersIsolation(_ closure: ClosureExprSyntax) -> Bool {
        var holder = closure.parent
        var label: String?
        if let argument = holder?.as(LabeledExprSyntax.self) {
            label = argument.label?.text
            holder = holder?.parent?.parent
        } else if let element = holder?.as(MultipleTrailingClosureElementSyntax.self) {
            label = element.label.text
            holder = holder?.parent?.parent
        }
        guard let call = holder?.as(FunctionCallExprSyntax.self),
              let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              isolationInheritingFunctions.contains(function) else { return false }
        // `onCancel:` runs on whatever thread cancels the task.
        return label != "onCancel"
    }

    /// `Task {}` and `Task.immediate {}` inherit the isolation of the context that creates them.
    private static func inherited(closure: ClosureExprSyntax?, at node: Syntax, lookups: SiteLookups) -> String? {
        var current = node.parent
        while let candidate = current {
            if let around = candidate.as(ClosureExprSyntax.self) {
                guard runsOnCallersIsolation(around) else { return nil }
                current = candidate.parent
                continue
            }
            if let function = candidate.as(FunctionDeclSyntax.self) {
                if let actor = globalActor(in: function.attributes) { return actor }
                if isNonisolated(function.modifiers) { return nonisolatedValue }
                return typeIsolation(around: candidate, isStatic: TypeMembers.isStatic(function.modifiers), closure: closure, lookups: lookups)
            }
            if let initializer = candidate.as(InitializerDeclSyntax.self) {
                if let actor = globalActor(in: initializer.attributes) { return actor }
                if isNonisolated(initializer.modifiers) { return nonisolatedValue }
                return typeIsolation(around: candidate, isStatic: false, closure: closure, lookups: lookups)
            }
            if let variable = candidate.as(VariableDeclSyntax.self) {
                if let actor = globalActor(in: variable.attributes) { return actor }
                if isNonisolated(variable.modifiers) { return nonisolatedValue }
                return typeIsolation(around: candidate, isStatic: TypeMembers.isStatic(variable.modifiers), closure: closure, lookups: lookups)
            }
            if candidate.is(SourceFileSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    private static func typeIsolation(around member: Syntax, isStatic: Bool, closure: ClosureExprSyntax?, lookups: SiteLookups) -> String? {
        guard let type = TypeMembers.enclosingType(of: member) else { return nonisolatedValue }
        let declarations = TypeMembers.typeName(of: type).map { lookups.types.declarations(named: $0) } ?? [type]
        var sawUnknownSupertype = false
        for declaration in declarations {
            guard let group = declaration.asProtocol((any DeclGroupSyntax).self) else { continue }
            if let actor = globalActor(in: group.attributes) { return actor }
            for inherited in group.inheritanceClause?.inheritedTypes ?? [] {
                let name = OwnBody.compactText(inherited.type)
                if mainActorSupertypes.contains(name) { return "MainActor" }
                if !neutralSupertypes.contains(name) { sawUnknownSupertype = true }
            }
        }
        if declarations.contains(where: { $0.is(ActorDeclSyntax.self) }) {
            if isStatic { return nonisolatedValue }
            guard let closure else { return nil }
            return actorCaptureIsolation(SelfCapture(of: closure, lookups: lookups))
        }
        // An extension of a type declared elsewhere may be anything.
        if !declarations.contains(where: { !$0.is(ExtensionDeclSyntax.self) }) { return nil }
        return sawUnknownSupertype ? nil : nonisolatedValue
    }

    /// Where a task created in an actor's instance method runs, from how its closure captures `self`: on the
    /// actor when it captures the actor itself (a use of `self`, `[self]`, `[unowned self]`); off it when it
    /// does not, and when it captures `[weak self]`, which binds an optional copy, not the actor the method is
    /// isolated to.
    static func actorCaptureIsolation(_ capture: SelfCapture) -> String {
        switch capture.listEntry {
        case .weak?: nonisolatedValue
        case .unowned?, .strong?: actorValue
        case nil: capture.capturesStrongly ? actorValue : nonisolatedValue
        }
    }

    /// Whether `node` sits in an instance method (or initializer, or computed property) of an actor declared
    /// in the same file, not marked `nonisolated` and not given a global actor. A closure that runs on its
    /// caller's isolation (``runsOnCallersIsolation(_:)``) may stand in between.
    static func isInActorInstanceMember(_ node: some SyntaxProtocol, types: TypeIndex) -> Bool {
        var current = Syntax(node).parent
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                guard runsOnCallersIsolation(closure) else { return false }
                current = candidate.parent
                continue
            }
            if let function = candidate.as(FunctionDeclSyntax.self) {
                guard globalActor(in: function.attributes) == nil, !isNonisolated(function.modifiers),
                      !TypeMembers.isStatic(function.modifiers) else { return false }
                return enclosingTypeIsActor(candidate, types: types)
            }
            if candidate.is(InitializerDeclSyntax.self) || candidate.is(SourceFileSyntax.self) { return false }
            current = candidate.parent
        }
        return false
    }

    private static func enclosingTypeIsActor(_ member: Syntax, types: TypeIndex) -> Bool {
        guard let type = TypeMembers.enclosingType(of: member) else { return false }
        if type.is(ActorDeclSyntax.self) { return true }
        guard type.is(ExtensionDeclSyntax.self), let name = TypeMembers.typeName(of: type) else { return false }
        return types.declarations(named: name).contains { $0.is(ActorDeclSyntax.self) }
    }
}
