import SwiftSyntax

/// How the compiler numbers closures around swift-testing's `#expect` and `#require`, measured on the Swift
/// 6.3.1 toolchain (`swiftc -parse-as-library -emit-silgen` on small test files, then the `// closure #N in …`
/// comments of the SIL):
///
/// 1. The closures written in the frame are numbered first, in source order, including those written as a
///    macro's arguments (the copies in the source are never run). A condition form (`#expect(x == 1)`) takes
///    one number of its own in this pass.
/// 2. Then each expansion, in source order, numbers what it creates: a closure form (`#expect(throws: E.self)
///    { … }`, `#expect { … } throws: { … }`) re-creates the closures passed to it, then one implicit closure; a
///    condition form creates 3 closures for a binary operator (`a == b`), 2 for a call or member (`f(x)`,
///    `x.isEmpty`, the unwrapping `try #require(optional)`), and 5 for a bare value (`#expect(flag)`, `true`).
///
/// So a task created in `#expect(throws: E.self) { Task { … } }` is labelled `closure #1 in closure #N in f()`
/// with N after every closure written in `f`. Other macros, and other expansions of these, are not modelled:
/// their closures keep their source-order number.
enum TestingMacroClosures {
    static let macroNames: Set<String> = ["expect", "require"]

    /// The testing macro `closure` is passed to (as an argument or trailing closure), if any.
    static func macro(passing closure: ClosureExprSyntax) -> MacroExpansionExprSyntax? {
        var node = closure.parent
        if node?.is(LabeledExprSyntax.self) == true { node = node?.parent?.parent }
        if node?.is(MultipleTrailingClosureElementSyntax.self) == true { node = node?.parent?.parent }
        guard let macro = node?.as(MacroExpansionExprSyntax.self), macroNames.contains(macro.macroName.text) else { return nil }
        return macro
    }

    /// The closures passed to `macro`, in source order.
    static func closures(of macro: MacroExpansionExprSyntax) -> [ClosureExprSyntax] {
        macro.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            + [macro.trailingClosure].compactMap { $0 }
            + macro.additionalTrailingClosures.map(\.closure)
    }

    /// Closures an expansion of `macro` creates (rule 2).
    static func expansionClosures(_ macro: MacroExpansionExprSyntax) -> Int {
        let passed = closures(of: macro).count
        if passed > 0 { return passed + 1 }
        guard var condition = macro.arguments.first?.expression else { return 0 }
        if let tryExpression = condition.as(TryExprSyntax.self) { condition = tryExpression.expression }
        if condition.is(SequenceExprSyntax.self) || condition.is(InfixOperatorExprSyntax.self) { return 3 }
        if condition.is(FunctionCallExprSyntax.self) || condition.is(MemberAccessExprSyntax.self) { return 2 }
        // `try #require(optional)` unwraps (2); `#expect(flag)` checks a bare value (5).
        return macro.macroName.text == "require" ? 2 : 5
    }

    /// The number of `closure`, passed to `macrosInFrame[macroIndex]`, given how many closures are written
    /// directly in the frame.
    static func number(
        of closure: ClosureExprSyntax, in macro: MacroExpansionExprSyntax, sourceClosures: Int,
        macrosInFrame: [MacroExpansionExprSyntax], macroIndex: Int
    ) -> Int {
        let conditionForms = macrosInFrame.filter { closures(of: $0).isEmpty }.count
        let before = macrosInFrame[..<macroIndex].reduce(0) { $0 + expansionClosures($1) }
        let position = (closures(of: macro).firstIndex { $0.id == closure.id } ?? 0) + 1
        return sourceClosures + conditionForms + before + position
    }
}
