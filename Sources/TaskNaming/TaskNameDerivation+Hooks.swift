/// A type's own hooks: methods named for the moment they mark, not for what they do.
extension TaskNameDerivation {
    /// `self.imageTaskCancelCalled(task)`, `didCancel()`, `willStart()`: the type's own hook, named for the call
    /// or the delegate's moment it marks. (`socketClosed()` handles what happened; that names the work.)
    static func isOwnHook(_ call: BodyCall) -> Bool {
        guard call.receiver == nil, call.typeName == nil, pressedControlAction(call) == nil,
              eventCallWords(call)?.first == "handle" else { return false }
        let words = NameWords.split(call.name)
        return words.last == "called" || (words.count > 1 && ["did", "will"].contains(words[0]))
    }

    /// `self.didPressPinMessage(for:pinUntil:)`, `didTapSaveButton()`: the type's own handler of a control says, after
    /// its event verb, the action the control asks for (`pin-message`, `save`); that is what the task does.
    static func pressedControlAction(_ call: BodyCall) -> [String]? {
        guard call.receiver == nil, call.typeName == nil, var words = afterPress(NameWords.split(call.name)) else { return nil }
        if words.count > 1, ["button", "action", "item"].contains(words.last ?? "") { words.removeLast() }
        return words
    }

    /// `onSummarizeTapped()`, `onSendButtonPressed()`: a control's handler names, between `on` and its event, the
    /// action the control asks for (`summarize`, `send`); nil for any other name.
    static func tappedHandlerAction(_ words: [String]) -> [String]? {
        guard words.count > 2, words[0] == "on", let last = words.last, ["tapped", "pressed", "clicked"].contains(last) else {
            return nil
        }
        var action = Array(words.dropFirst().dropLast())
        if action.count > 1, let control = action.last, ["button", "item", "action"].contains(control) { action.removeLast() }
        return action
    }

    /// `did-press-pin-message` → `pin-message`: the words after a control's press (`didPress…`, `didTap…`,
    /// `didClick…`); nil for any other name.
    public static func afterPress(_ words: [String]) -> [String]? {
        guard words.count > 2, words[0] == "did", ["press", "tap", "click"].contains(words[1]) else { return nil }
        return Array(words.dropFirst(2))
    }
}
