extension SiteNamingContext {
    /// What name derivation reads around a site (``SyntaxReads``), for `fix`'s sub-file parse: the site's own
    /// closure as written (a task is named after its first call), the argument lists beside it and the modifiers
    /// on lines of their own (a button's title: `Button("Sync Now") { Task { … } }`), and a control's `label:`
    /// closure (`Button { Task { … } } label: { Label("Sync", systemImage: …) }`). The statement holding the site
    /// (its storage, modifier or call) and the enclosing declarations' names and signatures are kept for every
    /// reader.
    ///
    /// ```swift
    /// LintEngine(additionalReads: [SiteNamingContext.reads])   // what `fix` parses
    /// ```
    public static let reads = SyntaxReads(
        siteClosure: .init(readWhole: Set(CreationSiteKind.allCases)),
        aroundSite: .init(callArguments: true, labelledClosures: ["label"]))
}
