import SwiftSyntax
import TaskNaming

extension SiteNamingContext {
    /// Words a kept control or closure ends on (`unblockAction`, `retryHandler`): they say what it is.
    static let storedActionSuffixes: Set<String> = ["action", "handler", "closure", "callback", "block"]
    /// First words of a kept action that name the control's role, not what it does (`okAction`, `cancelAction`).
    static let roleWords: Set<String> = [
        "ok", "cancel", "default", "primary", "secondary", "destructive", "alert", "dismiss", "close", "done", "my",
        "the", "new", "first", "second", "other", "main",
    ]

    /// `let unblockAction = UIAlertAction(title: L10n.unblock, style: .default) { _ in Task { … } }`: a control
    /// made without a literal title but kept under a name that says its verb is named by it (`unblock`), not by
    /// its type (`ui-alert`).
    static func storedAction(of call: FunctionCallExprSyntax) -> String? {
        guard let stored = storageName(of: Syntax(call)) else { return nil }
        let words = NameWords.split(stored)
        guard words.count >= 2, let last = words.last, storedActionSuffixes.contains(last),
              let first = words.first, !roleWords.contains(first) else { return nil }
        return stored
    }
}
