/// What `fix`'s naming reads of the syntax around a creation site, listed once so that the sub-file parse can
/// keep exactly this (and nothing naming needs is ever blanked). Every case is read only for a site that
/// `fix` names; nothing here reaches beyond the site's file.
///
/// ```swift
/// for read in NamingReads.all { print(read, "—", read.summary) }
/// ```
public enum NamingReads: String, CaseIterable, Sendable {
    /// The task's own closure, whole: every call in it (name, what it is called on, its argument labels,
    /// enum cases and `true` flags passed as arguments), `await`/`try` around them, and its control flow
    /// (`if`/`else`, `switch` cases, `guard`, `catch`), so the dominant call can be found (``TaskBodyReader``).
    case siteClosure
    /// The task-creating call's own arguments: `operation:` (or the last argument) when it passes a closure
    /// value rather than a literal (a forwarding helper), and which overload it is (`detached`, `immediate`).
    case siteArguments
    /// The statement holding the site: the storage it is assigned to (`loadTask = Task {…}`, `let x = …`,
    /// `tasks.append(Task {…})`), through `try`, `await` and parentheses.
    case holdingStatement
    /// Every closure between the site and its declaration: the call it is passed to and its argument label
    /// (`.onAppear`, `sink`, `Button(action:)`), the control's title (its first unlabelled string literal, or the
    /// first one in its `label:` closure), a loop call (`forEach`) and its parameter, and the storage of a
    /// closure kept for later (`onQuiesced = { … }`).
    case enclosingClosures
    /// `for` loops and the `case` of a `switch` between the site and its declaration.
    case enclosingStatements
    /// The statements beside the site in every block between it and its declaration, and the other branches
    /// of an `if`/`switch` it stands in: only whether there are any, and the kind of those that hold braces or
    /// start with a keyword (`guard`, `defer`, `return`, `if`), to tell whether creating the task is all its
    /// function does (``SiteNamingContext/placement(of:)``). A sub-file parse may keep a run of one-line
    /// statements as its first statement alone, so nothing here depends on their number or names.
    case siblingStatements
    /// The enclosing declarations' names and signatures: types (and extended types), functions with their
    /// argument labels, parameter types (closure parameters, for forwarding helpers) and attributes (`@Test`),
    /// initialisers, properties with their type annotation (`some View`), and a test type's inheritance clause.
    case enclosingDeclarations

    /// All reads, in the order above.
    public static let all = allCases

    /// One line saying what the read covers.
    public var summary: String {
        switch self {
        case .siteClosure: "the task's closure, whole"
        case .siteArguments: "the creating call's arguments"
        case .holdingStatement: "the statement the site stands in (its storage)"
        case .enclosingClosures: "closures around the site: their call, label, title and storage"
        case .enclosingStatements: "for loops and switch cases around the site"
        case .siblingStatements: "statements beside the site: whether any, and the kind of compound ones"
        case .enclosingDeclarations: "enclosing declarations' names, signatures, attributes and inheritance"
        }
    }
}
