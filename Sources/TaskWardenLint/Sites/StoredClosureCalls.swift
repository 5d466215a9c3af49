import SwiftSyntax

/// Which closures stored in properties a function calls (`onQuiesced()`, `self.onQuiesced?()`): a task created
/// in such a closure shows in a profiler under the calling function's label. Serves `taskwarden where` and
/// `task-label-collision`.
///
/// ```swift
/// // final class CloudSyncMonitor { var onQuiesced: () -> Void = {}; func reconcileIfReady() { onQuiesced() } }
/// StoredClosureCalls.called(["onQuiesced"], by: reconcileIfReadyFrame, types: file.types)   // ["onQuiesced"]
/// ```
enum StoredClosureCalls {
    /// The members of `names` that `function` calls and that its own type (or extension) declares as
    /// properties: only a function whose own type declares the property calls *that* closure. Calls inside
    /// closures in `function` are not counted (they run whenever the closure is called, not with the function).
    static func called(_ names: Set<String>, by function: Syntax, types: TypeIndex) -> Set<String> {
        guard !names.isEmpty else { return [] }
        let finder = CallFinder(names: names)
        finder.walk(function)
        guard !finder.found.isEmpty else { return [] }
        return finder.found.intersection(types.propertyNamesOfEnclosingType(around: function))
    }

    /// Every closure stored in a property of `function`'s own type that `function` calls, whatever its name:
    /// ``called(_:by:)`` for all names at once, so a results-cache record can answer for any later tree.
    static func calledStoredClosures(by function: Syntax, types: TypeIndex) -> Set<String> {
        let finder = CallFinder(names: nil)
        finder.walk(function)
        guard !finder.found.isEmpty else { return [] }
        return finder.found.intersection(types.propertyNamesOfEnclosingType(around: function))
    }

    private final class CallFinder: SyntaxVisitor {
        /// The names looked for; nil for every called name.
        let names: Set<String>?
        var found: Set<String> = []

        init(names: Set<String>?) {
            self.names = names
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            var callee = node.calledExpression
            if let optional = callee.as(OptionalChainingExprSyntax.self) { callee = optional.expression }
            let called = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            guard let names else {
                if let called { found.insert(called) }
                return .visitChildren
            }
            if let called, names.contains(called) { found.insert(called) }
            // Once every name is found, nothing below this call can change the answer.
            return found.count == names.count ? .skipChildren : .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
