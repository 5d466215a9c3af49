import SwiftSyntax
import TaskNaming

/// What a task's closure sits in: the storage it is assigned to, the call or modifier whose closure holds it,
/// a control's title.
extension SiteNamingContext {
    /// Closures handed to these say nothing about a task's purpose (`withTaskGroup { … }`, `forEach { … }`).
    static let transparentCallees: Set<String> = [
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "async", "asyncAfter", "sync", "run",
        "Task", "detached", "immediate", "immediateDetached", "addTask", "addTaskUnlessCancelled",
        "addImmediateTask", "addImmediateTaskUnlessCancelled", "withCheckedContinuation",
        "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
        "withTaskCancellationHandler", "withAnimation", "Group", "VStack", "HStack", "ZStack",
        "List", "ForEach", "NavigationStack", "NavigationView", "ScrollView", "LazyVStack", "LazyHStack", "Section",
        "Form", "if", "guard", "do", "AsyncStream", "AsyncThrowingStream", "makeStream", "DispatchWorkItem",
        "withTaskCancellation", "withEscapedDependencies", "withDependencies", "Promise", "Future", "Deferred",
    ]
    /// Loops written as calls: a task created in their closure is created once per item.
    static let loopCallees: Set<String> = ["forEach", "map", "compactMap", "flatMap", "ForEach"]
    /// Argument labels that only say "a closure goes here"; the call's name says more.
    static let genericLabels: Set<String> = [
        "action", "perform", "completion", "completionHandler", "handler", "operation", "body", "content",
        "execute", "block", "closure", "then", "get", "set",
    ]
    /// Calls that wrap a task's handle without changing what it is (`Task {…}.asCancellable()`).
    static let handleWrappers: Set<String> = ["asCancellable", "eraseToAnyCancellable", "cancellable", "asAnyCancellable"]

    /// The variable, property or collection the value of `node` is stored in: `let x = …`, `self.x = …`,
    /// `x[key] = …`, `x.append(…)`, looking through `try`, `await` and parentheses.
    static func storageName(of node: Syntax) -> String? {
        var value = node
        while let parent = value.parent {
            if parent.isKind(.tryExpr) || parent.isKind(.awaitExpr) || parent.isKind(.tupleExpr)
                || parent.isKind(.labeledExpr) && parent.parent?.parent?.isKind(.tupleExpr) == true
                || parent.isKind(.labeledExprList) && parent.parent?.isKind(.tupleExpr) == true {
                value = parent
                continue
            }
            // `work = Task { … }.asCancellable()`: a handle wrapped on its way into storage.
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == value.id,
               let wrap = member.parent?.as(FunctionCallExprSyntax.self), wrap.calledExpression.id == member.id,
               handleWrappers.contains(member.declName.baseName.text) {
                value = Syntax(wrap)
                continue
            }
            break
        }
        guard let parent = value.parent else { return nil }
        if let initializer = parent.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        // `x = Task { … }`: before operator folding, a sequence `x`, `=`, value.
        if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].isKind(.assignmentExpr), elements[2].id == value.id {
                return lastName(elements[0])
            }
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.isKind(.assignmentExpr),
           infix.rightOperand.id == value.id {
            return lastName(infix.leftOperand)
        }
        // `tasks.append(Task { … })`.
        if let argument = parent.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           ["append", "insert", "add", "store"].contains(member.declName.baseName.text), let base = member.base {
            return lastName(base)
        }
        return nil
    }

    static func lastName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return lastName(subscriptCall.calledExpression) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return lastName(optional.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return lastName(forced.expression) }
        return nil
    }

    /// `exportWallet.addAction(UIAction { _ in Task { … } }, for: .touchUpInside)`: a UIKit control's name says what
    /// the user asked for, as a button's title does (`export wallet`). Only `UIControl`'s `addAction(_:for:)`: an
    /// alert's `addAction(_:)` is named for the alert. The kind of control (`Button`, `switchView`) says nothing.
    static func uiKitControlTitle(_ action: FunctionCallExprSyntax, site: FunctionCallExprSyntax) -> String? {
        guard let member = action.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "addAction", action.id != site.id, action.arguments.contains(where: { $0.label?.text == "for" }),
              let base = member.base, let name = lastName(base)
        else { return nil }
        // Only for a task the control's handler makes itself: one closure between them. Deeper, in an alert the
        // handler presents (`alert.addAction(…) { Task { await deleteAccount() } }`), the control only led there.
        var closures = 0
        var node = site.parent
        while let current = node, current.id != action.id {
            if current.isKind(.closureExpr) { closures += 1 }
            node = current.parent
        }
        guard closures == 1 else { return nil }
        var words = NameWords.split(name)
        while let last = words.last, controlKinds.contains(last) { words.removeLast() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Words that name a kind of UIKit control or its role (`actionButton`), not what it does.
    static let controlKinds: Set<String> = [
        "button", "control", "item", "view", "switch", "toggle", "field", "cell", "slider", "stepper", "segmented",
        "picker", "btn", "action",
    ]

    /// The call a closure is an argument (or trailing closure) of.
    static func closureCall(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = closure.parent
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self) { return call }
            if current.isKind(.labeledExpr) || current.isKind(.labeledExprList)
                || current.isKind(.multipleTrailingClosureElement)
                || current.isKind(.multipleTrailingClosureElementList) {
                node = current.parent
                continue
            }
            return nil
        }
        return nil
    }

    /// A label that only says "a closure goes here": a generic one, or one naming a callback parameter
    /// (`withCompletionHandler:`, `reply:`), which names the parameter, not what the task does.
    static func isGenericLabel(_ label: String) -> Bool {
        genericLabels.contains(label) || TaskNameDerivation.isCallbackLabel(label)
    }

    /// `planRefreshHandler:`: a callback label that says which event it handles, not only how it ends
    /// (`completionHandler:`, `resultHandler:`).
    static func namesEvent(_ label: String) -> Bool {
        let words = NameWords.split(label)
        guard words.count > 2, let last = words.last, TaskNameDerivation.callbackWords.contains(last) else { return false }
        return words.dropLast().allSatisfy { !TaskNameDerivation.callbackWords.contains($0) && !TaskBodyReader.outcomeWords.contains($0) }
    }

    /// The action a closure belongs to: its label if it says something (`onDismiss:`), else the call's name
    /// (`onAppear`, `refreshable`), or a button's title (`Button("Refresh Prices") { … }` → `Refresh Prices`).
    /// `withAsyncTestingChannel { … }`, `withLock { … }`: a `with…` function runs its closure now, around
    /// something else's work.
    static func isTransparent(_ callee: String) -> Bool {
        if transparentCallees.contains(callee) { return true }
        let words = NameWords.split(callee)
        return words.count > 1 && words[0] == "with"
    }

    static func closureOwner(_ closure: ClosureExprSyntax) -> (name: String, isTitle: Bool)? {
        if let argument = closure.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
           !isGenericLabel(label) || namesEvent(label) {
            return (label, false)
        }
        if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
           !isGenericLabel(element.label.text) {
            return (element.label.text, false)
        }
        guard let call = closureCall(closure) else { return nil }
        let callee = calleeName(call.calledExpression)
        if let callee, callee.first?.isUppercase == true, !isTransparent(callee),
           let title = title(of: call) {
            return (title, true)
        }
        // `primaryButton: .init(title: …) { … }`: the label the value is passed with says what it is.
        if callee == "init", let label = call.parent?.as(LabeledExprSyntax.self)?.label?.text, !isGenericLabel(label),
           !label.hasPrefix("is"), !label.hasPrefix("has") {
            return (label, false)
        }
        if let callee, callee.first?.isUppercase == true, let stored = storedAction(of: call) { return (stored, false) }
        return callee.map { ($0, false) }
    }

    /// A control's title: its first unlabelled string literal or its `title:` literal (`Button("Sync Now")`),
    /// or in its `label:` the first string given to a text-showing call without a label or as `title:`
    /// (`Button { … } label: { Label("wantlist.action.sync", systemImage: …) }`), never an image's name
    /// (`Image("Close-24")`). A localisation key (`wantlist.action.sync`) gives its last part.
    /// Controls whose first string is a placeholder for what the user types.
    static let inputControls: Set<String> = ["TextField", "SecureField", "TextEditor", "SearchField", "NSTextField"]

    static func title(of call: FunctionCallExprSyntax) -> String? {
        // `TextField("Enter shared secret here", text:)`: an input's placeholder asks the user, it names no action.
        if let callee = calleeName(call.calledExpression), inputControls.contains(callee) { return nil }
        let titleArgument = call.arguments.first { $0.label == nil || $0.label?.text == "title" }
        var literal = titleArgument.flatMap { $0.expression.as(StringLiteralExprSyntax.self) }
        if literal == nil, let titleArgument, let either = eitherTitle(titleArgument.expression) { return either }
        if literal == nil {
            let label = call.additionalTrailingClosures.first { $0.label.text == "label" }.map { Syntax($0.closure) }
                ?? call.arguments.first { $0.label?.text == "label" }.map { Syntax($0.expression) }
            // `label: { Text(allStaged ? "Unstage All" : "Stage All") }`: the button does one or the other.
            if let label, let either = label.tokens(viewMode: .sourceAccurate).lazy.compactMap({ token -> String? in
                guard token.tokenKind == .infixQuestionMark else { return nil }
                var node = token.parent
                while let current = node, !current.isKind(.labeledExpr), !current.isKind(.closureExpr) {
                    node = current.parent
                }
                // `Image(systemName: isFavorited ? "heart.fill" : "heart")` names two symbols, no action.
                guard let argument = node?.as(LabeledExprSyntax.self), !isImageArgument(argument) else { return nil }
                return eitherTitle(argument.expression)
            }).first {
                return either
            }
        }
        if literal == nil {
            let label = call.additionalTrailingClosures.first { $0.label.text == "label" }.map { Syntax($0.closure) }
                ?? call.arguments.first { $0.label?.text == "label" }.map { Syntax($0.expression) }
            literal = label.flatMap { node in
                node.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> StringLiteralExprSyntax? in
                    guard let literal = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self),
                          let argument = literal.parent?.as(LabeledExprSyntax.self),
                          argument.label == nil || argument.label?.text == "title",
                          let shower = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                          calleeName(shower.calledExpression) != nil, !isImageArgument(argument)
                    else { return nil }
                    return literal
                }.first
            }
        }
        guard let literal, literal.segments.allSatisfy({ $0.isKind(.stringSegment) }) else { return nil }
        let text = literal.segments.trimmedText
        guard !text.isEmpty else { return nil }
        if !text.contains(" "), text.contains(".") { return keyTitle(text) }
        return text
    }

    /// A localisation key's last field (`wantlist.action.sync` → `sync`), with the verb before it when that
    /// field is only its object (`install.cli` → `install cli`).
    static func keyTitle(_ key: String) -> String {
        let fields = key.split(separator: ".")
        guard let last = fields.last else { return key }
        if fields.count >= 2, NameWords.split(String(last)).count == 1,
           TaskNameDerivation.knownVerbs.contains(fields[fields.count - 2].lowercased()),
           !TaskNameDerivation.knownVerbs.contains(last.lowercased()),
           !last.lowercased().hasPrefix(fields[fields.count - 2].lowercased()) {
            return "\(fields[fields.count - 2]) \(last)"
        }
        return String(last)
    }

    /// `flag ? "Unstage All" : "Stage All"` → `Unstage or Stage All`: a title that is one of two says both,
    /// the words they end alike on said once.
    static func eitherTitle(_ expression: ExprSyntax) -> String? {
        var branches: [ExprSyntax] = []
        if let ternary = expression.as(TernaryExprSyntax.self) {
            branches = [ternary.thenExpression, ternary.elseExpression]
        } else if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                  let ternary = sequence.elements.dropFirst().first?.as(UnresolvedTernaryExprSyntax.self),
                  let last = sequence.elements.last {
            branches = [ternary.thenExpression, last]
        }
        let texts = branches.compactMap { branch -> [Substring]? in
            guard let literal = branch.as(StringLiteralExprSyntax.self),
                  literal.segments.allSatisfy({ $0.isKind(.stringSegment) }) else { return nil }
            var text = Substring(literal.segments.trimmedText)
            // A status trailing off (`Saving...`) keeps its dots; a localisation key (`status.action.unpin`) gives
            // its last field.
            if !text.contains(" "), !isTrailingOff(text), text.contains(".") { text = Substring(keyTitle(String(text))) }
            let words = text.split(separator: " ")
            return words.isEmpty ? nil : words
        }
        guard texts.count == 2, texts[0] != texts[1] else { return nil }
        // `isCommitting ? "Committing..." : "Commit"`: one branch is the status shown while the work runs; the
        // control does the other.
        let busy = texts.map(isBusyStatus)
        if busy[0] != busy[1] { return texts[busy[0] ? 1 : 0].joined(separator: " ") }
        var shared = 0
        while shared < min(texts[0].count, texts[1].count) - 1,
              texts[0][texts[0].count - 1 - shared].lowercased() == texts[1][texts[1].count - 1 - shared].lowercased() {
            shared += 1
        }
        let first = texts[0].dropLast(shared), second = texts[1]
        return (first + ["or"] + second).joined(separator: " ")
    }

    /// `Committing...`, `Saving…`: a progressive verb trailing off is a status, not what a control does.
    static func isBusyStatus(_ words: [Substring]) -> Bool {
        guard let first = words.first, let last = words.last, isTrailingOff(last) else { return false }
        let verb = first.lowercased().filter { $0.isLetter }
        return verb.count > 4 && verb.hasSuffix("ing")
    }

    static func isTrailingOff(_ text: Substring) -> Bool { text.hasSuffix("...") || text.hasSuffix("\u{2026}") }

    /// `systemName:` of `Image(systemName:)`, the string of `Image("Close-24")`: an asset or symbol name.
    static func isImageArgument(_ argument: LabeledExprSyntax) -> Bool {
        if let label = argument.label?.text, ["systemName", "systemImage", "named", "imageName"].contains(label) { return true }
        guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = calleeName(call.calledExpression)
        else { return false }
        return imageCallees.contains(callee)
    }

    /// Calls whose string is an asset or symbol name, not words a person reads.
    static let imageCallees: Set<String> = ["Image", "UIImage", "NSImage", "systemImage", "named", "Color"]

    static func calleeName(_ expression: ExprSyntax) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) { return calleeName(generic.expression) }
        return nil
    }
}
