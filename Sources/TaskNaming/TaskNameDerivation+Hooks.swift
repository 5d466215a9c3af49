/// A type's own hooks: methods named for the moment they mark, not for what they do.
extension TaskNameDerivation {
    /// `self.imageTaskCancelCalled(task)`, `didCancel()`, `willStart()`: the type's own hook, named for the call
    /// or the delegate's moment it marks. (`socketClosed()` handles what happened; that names the work.)
    static func isOwnHook(_ call: BodyCall) -> Bool {
        guard call.receiver == nil, call.typeName == nil, eventCallWords(call)?.first == "handle" else { return false }
        let words = NameWords.split(call.name)
        return words.last == "called" || (words.count > 1 && ["did", "will"].contains(words[0]))
    }
}
