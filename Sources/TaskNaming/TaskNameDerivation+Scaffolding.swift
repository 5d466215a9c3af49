/// Calls named as the response to a user's action (`responseToToggleSensitiveAction`, `handleDomainBlockAction`):
/// the wrapper words say that a control was used, not what is done.
extension TaskNameDerivation {
    /// Words that only name the control that was used (`responseToRowButtonAction`), not what it does.
    static let controlNouns: Set<String> = ["button", "view", "cell", "row", "item", "control", "bar", "menu"]

    /// The work a call named `responseTo…Action`, `respondTo…Action`, `handle…Action` or `perform…Action` does:
    /// the words in between (`toggle-sensitive`, `block-domain`). When they only name a control
    /// (`responseToRowButtonAction(…, state: .follow)`), the enum case passed to it says what was asked (`follow`).
    /// Nil when the name is not so wrapped; `handleEmailAction()` keeps its name (`email` alone says less).
    static func scaffoldedWork(_ words: [String], labeledCase: String?) -> [String]? {
        var inner: [String]
        if words.count > 2, ["response", "respond"].contains(words[0]), words[1] == "to" {
            inner = Array(words.dropFirst(2))
            if inner.count > 1, inner.last == "action" { inner.removeLast() }
        } else if words.count > 3, ["handle", "perform"].contains(words[0]), words.last == "action" {
            inner = Array(words.dropFirst().dropLast())
        } else {
            return nil
        }
        if let last = inner.last, controlNouns.contains(last), let labeledCase {
            let caseWords = NameWords.split(labeledCase)
            if !caseWords.isEmpty { return caseWords }
        }
        // `responseToUserBlockAction`: the action's name puts its object first; the name says the verb first
        // (`block-user`), as every other call's does.
        if inner.count == 2, knownVerbs.contains(inner[1]), !everyVerbOrEmpty.contains(inner[0]) {
            return [inner[1], inner[0]]
        }
        return inner
    }
}

extension TaskNameDerivation {
    /// `responseToMemberBlockAction(…)` run from a control kept as `unblockAction` or titled `Unblock`: the
    /// call toggles the block, and the control it runs for says which way (`unblock-member`, not `member-block`).
    /// Nil when no storage, title or action around the task says the undoing form of a word of the call.
    static func undoingVerb(_ words: [String], anchors: [TaskNameContext.Anchor]) -> [String]? {
        let said = Set(anchors.filter { $0.kind == .storage || $0.kind == .title || $0.kind == .action }
            .flatMap { NameWords.split($0.name) })
        for (index, word) in words.enumerated() where word.count >= 3 {
            for negation in ["un", "dis"] where said.contains(negation + word) {
                var rest = words
                rest.remove(at: index)
                return [negation + word] + rest
            }
        }
        return nil
    }
}

extension TaskNameDerivation {
    /// The function's name does not fit the name whole (`construct-incremental` of
    /// `constructIncrementalPIFReply`): for one task per item, the body's one awaited call says what each does
    /// better than a cut function does.
    func memberIsCut(_ member: PurposeCandidate?, _ context: TaskNameContext) -> Bool {
        guard let member, !member.words.isEmpty else { return false }
        let prefix = prefixWords(context)
        return NameWords.compose(prefix: prefix, purpose: member.words, extra: [], maxLength: maxLength)
            != (prefix + member.words).joined(separator: "-")
    }
}
