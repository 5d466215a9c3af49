extension SiteNamingContext {
    /// What name derivation reads around a site, declared once (``SyntaxReads``) so that `fix`'s sub-file parse
    /// keeps it. Only syntax around the site, never another file:
    ///
    /// - **The task's own closure, as written** (``TaskBodyReader``), for every kind that takes a name: every call in it, what it is called on,
    ///   its argument labels, enum cases and `true` flags passed to it, `await`/`try` around it, and the control
    ///   flow (`if`/`else`, `switch` cases, `guard`, `catch`, `for await`) that says which call dominates.
    /// - **The creating call's own arguments**: `operation:` (or the last argument) when it hands over a closure
    ///   value instead of a literal (a forwarding helper), and which overload it is (`detached`, `immediate`).
    /// - **The statement holding the site**: the storage it is assigned to (`loadTask = Task {…}`,
    ///   `tasks.append(Task {…})`, `Task {…}.asCancellable()`).
    /// - **Every closure between the site and its declaration** (kept for every reader, since it holds the site):
    ///   the call it is passed to and its argument label (`.onAppear`, `sink`, `secondaryButton: .init {…}`), its
    ///   parameters (`promise`, `continuation`: calling one reports), a loop call (`forEach`), the storage of a
    ///   closure kept for later (`onQuiesced = {…}`), and what an `onChange(of:)` watches: the argument lists
    ///   of the calls the site stands in (`siteCallArguments`), not those beside it.
    /// - **A control's title**: its first unlabelled or `title:` string literal, or one in its `label:` closure
    ///   (`labelledClosures`, read where a site stands in the control), also for a control whose argument holds
    ///   the site (`Picker(selection: …)`), and both literals of a title chosen by a ternary
    ///   (`allPinned ? "Unpin" : "Pin"`) in either place.
    /// - **The file's path** (not its syntax): the folder that names the program, for a `ContentView`'s prefix.
    /// - **`for` loops and the `case` of a `switch`** between the site and its declaration (compound statements
    ///   holding a site are kept whole).
    /// - **The enclosing declarations' names and signatures**: types and extended types, functions with their
    ///   argument labels and parameter types (closure parameters, for forwarding helpers), `@Test`, a test
    ///   type's inheritance clause (`XCTestCase`), properties with their type (`some View`) and the accessor
    ///   the site is in (`didSet`: it runs when the property changes).
    ///
    /// Nothing else: in particular not the statements beside the site, which a sub-file parse may cut to a first
    /// name, run together or blank, so names never depend on them.
    ///
    /// ```swift
    /// LintEngine(additionalReads: [SiteNamingContext.reads])   // what `fix` parses
    /// ```
    public static let reads = SyntaxReads(
        // Only kinds that take a name are ever named or re-derived (`async let`, `.backgroundTask` and
        // `BGTaskScheduler.register` have no `name:`): their closures are read as lint reads them.
        siteClosure: .init(readWhole: Set(CreationSiteKind.allCases.filter(\.acceptsName))),
        aroundSite: .init(siteCallArguments: true, labelledClosures: ["label"]))
}
