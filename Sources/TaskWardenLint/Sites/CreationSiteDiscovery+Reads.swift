extension CreationSiteDiscovery {
    /// What discovery and a site's record read beyond the declarations around a site (``SyntaxReads``): the
    /// stored closures a site's frame calls (a profiler labels a task in such a closure after the callers,
    /// ``StoredClosureCalls``); where the task runs (`isolation`: the attributes and supertypes of the site's type
    /// and its extensions, and whether the closure captures `self`, written out or through a member's bare name
    /// that no local shadows, ``SelfCapture``); and the types named `Task`, which shadow Swift's.
    ///
    /// ```swift
    /// ParsePlan.Options(selecting: [CreationSiteDiscovery.reads])   // what `taskwarden list` parses
    /// ```
    public static let reads = SyntaxReads(
        siteClosure: .init(words: ["self"], memberNames: true),
        aroundSite: .init(storedClosureCalls: true, localBindings: true, controlFlowWords: ["self", "super"], enclosingTypes: true),
        anywhere: .init(typesNamed: ["Task"]))
}
