/// Derives a task name from where the task is created.
///
/// The name follows the convention: lowercase kebab-case, a stable prefix from the enclosing type, then the
/// purpose (the function, or for closures and view bodies the property or action the task sits in), short.
///
/// ```swift
/// let context = TaskNameContext(
///     declarationPath: DeclarationPath(parsing: "AlbumDetailViewModel.loadTracks(for:)"),
///     operation: "fetchTracks"
/// )
/// let derived = TaskNameDerivation().derive(context)
/// derived.name            // "album-detail-load-tracks"
/// derived.disambiguators  // [["fetch"]]  (used only when another site wants the same name)
/// ```
///
/// Everything here is a pure function of its input: same context, same name.
public struct TaskNameDerivation: Sendable {
    /// Suffixes that say what kind of type something is rather than what it does; removed from type names
    /// (`AlbumDetailViewModel` → `album-detail`). Longest first.
    public var noiseSuffixes: [String]
    /// Functions whose name says *when* code runs, not *what* it does (`init`, `viewDidLoad`, `body`): a task
    /// created there is named after its property, operation or action instead.
    public var hostFunctions: Set<String>
    /// The limit for the whole name, in characters (the convention's default is 40).
    public var maxLength: Int

    public init(
        noiseSuffixes: [String] = TaskNameDerivation.defaultNoiseSuffixes,
        hostFunctions: Set<String> = TaskNameDerivation.defaultHostFunctions,
        maxLength: Int = 40
    ) {
        self.noiseSuffixes = noiseSuffixes.sorted { $0.count > $1.count }
        self.hostFunctions = hostFunctions
        self.maxLength = max(8, maxLength)
    }

    public static let defaultNoiseSuffixes = [
        "ViewController", "ViewModel", "Controller", "Service", "Manager", "View", "Impl", "Model",
    ]

    public static let defaultHostFunctions: Set<String> = [
        "init", "deinit", "body", "main", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
        "viewDidDisappear", "awakeFromNib", "layoutSubviews", "application", "scene", "applicationDidBecomeActive",
        "applicationWillEnterForeground", "sceneDidBecomeActive", "sceneWillEnterForeground", "onAppear",
        "onDisappear", "task", "makeBody", "updateUIView", "makeUIView", "updateNSView", "makeNSView",
    ]

    /// Last words of a storage name that say what role the task plays (`progressObserver`, `syncTimer`).
    static let roleNouns: Set<String> = [
        "observer", "observers", "poller", "monitor", "watcher", "listener", "timer", "ticker", "heartbeat",
        "observation", "subscription", "subscriber", "poll", "polling",
    ]

    /// Property and operation names often end in a word that only says "this is a task".
    static let taskSuffixes = ["Tasks", "Task", "Handle", "Job"]
    /// Verb-less prefixes SwiftUI modifiers carry (`onAppear` → `appear`, `onTapGesture` → `tap-gesture`).
    static let modifierPrefixes = ["on"]

    /// Names the task at `context`: the preferred name plus, in order, the words that can tell it apart from
    /// another site that wants the same name.
    public func derive(_ context: TaskNameContext) -> DerivedTaskName {
        let prefix = prefixWords(context.declarationPath)
        var purposeCandidates: [[String]] = []

        let member = context.declarationPath.member
        let memberIsHost: Bool
        switch member {
        case .function(let name)?:
            memberIsHost = hostFunctions.contains(DeclarationPath.baseName(name))
        case .property(let name)?:
            memberIsHost = name == "body" || context.isViewContent
        case .initializer?, .deinitializer?, .subscript?, .closure?:
            memberIsHost = true
        case .type?, nil:
            memberIsHost = true
        }
        // A task stored as an observer, poller or timer is that role, whatever the function that starts it does;
        // a task that makes one call from an observer's closure is that call.
        let roleStorage = context.anchors.last { anchor in
            anchor.kind == .storage && NameWords.split(anchor.name).last.map(Self.roleNouns.contains) == true
        }
        if let roleStorage { purposeCandidates.append(NameWords.split(roleStorage.name)) }
        if context.operationIsThePurpose, let operation = context.operation {
            purposeCandidates.append(operationWords(operation))
        }
        if !memberIsHost, let member { purposeCandidates.append(memberWords(member)) }

        // A property the task is stored in, or the title of the button that starts it, says what it is for;
        // then what it does; then where it was started.
        for anchor in context.anchors.reversed() where anchor.kind == .storage || anchor.kind == .title {
            purposeCandidates.append(Self.stripping(Self.taskSuffixes, from: NameWords.split(anchor.name)))
        }
        if let operation = context.operation {
            purposeCandidates.append(operationWords(operation))
        }
        for anchor in context.anchors.reversed() where anchor.kind == .action {
            purposeCandidates.append(actionWords(anchor.name))
        }
        if memberIsHost, let member { purposeCandidates.append(memberWords(member)) }
        if let kindWord = context.kindWord { purposeCandidates.append([kindWord]) }

        purposeCandidates = purposeCandidates.map { Self.trimmingTrailingFillers(Self.removingRepeats(of: prefix, in: $0)) }
            .filter { !$0.isEmpty }
        var seen: Set<[String]> = []
        purposeCandidates = purposeCandidates.filter { seen.insert($0).inserted }

        var prefixWords = prefix
        var rest = purposeCandidates
        var purpose = rest.isEmpty ? [] : rest.removeFirst()
        if prefixWords.isEmpty && purpose.isEmpty {
            purpose = NameWords.split(context.fileName.map(Self.fileStem) ?? "")
        }
        if prefixWords.isEmpty && purpose.isEmpty { purpose = ["task"] }
        // The convention wants a name to start with a letter.
        if let first = (prefixWords + purpose).first, first.first?.isLetter != true { prefixWords.insert("task", at: 0) }

        let base = prefixWords + purpose
        let disambiguators = rest.map { Self.removingRepeats(of: base, in: $0) }.filter { !$0.isEmpty }
        return DerivedTaskName(
            prefixWords: prefixWords,
            purposeWords: purpose,
            disambiguators: disambiguators,
            isPerItem: context.isPerItem,
            maxLength: maxLength
        )
    }

    // MARK: Words

    func prefixWords(_ path: DeclarationPath) -> [String] {
        let types = path.components.compactMap { component -> String? in
            if case .type(let name) = component { return name }
            return nil
        }
        guard let innermostIndex = types.indices.last(where: { !typeWords(types[$0]).isEmpty }) else {
            // Only noise (`struct View`): keep the noise word rather than nothing.
            return types.last.map { NameWords.split($0) } ?? []
        }
        var words = typeWords(types[innermostIndex])
        // `Library.Loader` reads better as `library-loader` than as `loader`; `BookmarkViewModel.State.Loading` as
        // `bookmark-loading`: the nearest outer type that says more than one word, else the outermost.
        let outers = types[..<innermostIndex].map(typeWords).filter { !$0.isEmpty }
        if words.count == 1, let outer = outers.last(where: { $0.count > 1 }) ?? outers.first {
            words = Self.removingRepeats(of: words, in: outer) + words
        }
        return words
    }

    func typeWords(_ name: String) -> [String] {
        let bare = name.split(separator: "<").first.map(String.init) ?? name
        var stem = bare
        for suffix in noiseSuffixes where stem.hasSuffix(suffix) && stem.count > suffix.count {
            stem.removeLast(suffix.count)
            break
        }
        if noiseSuffixes.contains(stem) { return [] }
        return NameWords.split(stem)
    }

    func memberWords(_ member: DeclarationPath.Component) -> [String] {
        switch member {
        case .function(let name):
            let base = DeclarationPath.baseName(name)
            if let event = delegateEvent(name) { return event }
            return hostFunctions.contains(base) && base != "init" && base != "deinit"
                ? actionWords(base) : NameWords.split(base)
        case .property(let name): return Self.stripping(Self.taskSuffixes, from: NameWords.split(name))
        case .initializer: return ["setup"]
        case .deinitializer: return ["teardown"]
        case .subscript: return ["subscript"]
        case .closure(let name): return actionWords(name)
        case .type(let name): return typeWords(name)
        }
    }

    /// `fetchPrices` → `fetch-prices`; a static call keeps its type without the noise:
    /// `PriceService.refresh` → `price-refresh`.
    func operationWords(_ operation: String) -> [String] {
        let parts = operation.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return Self.stripping(Self.taskSuffixes, from: NameWords.split(operation)) }
        let type = typeWords(parts[0])
        let member = NameWords.split(parts[1])
        return type + member.filter { !type.contains($0) }
    }

    /// Last words of delegating objects' type names (`tableView`, `collectionViewCell`, `searchBar`…).
    static let delegatingNouns: Set<String> = [
        "view", "cell", "controller", "field", "bar", "picker", "session", "manager", "center", "player",
        "recognizer", "delegate", "application", "scene", "item", "menu", "button", "window", "browser",
    ]

    /// A delegate method says its event in its last argument label, not its base name:
    /// `tableView(_:didSelectRowAt:)` → `did-select-row-at`,
    /// `tableViewCell(_:statusView:authorAvatarButtonDidPressed:)` → `author-avatar-button-did-pressed`.
    func delegateEvent(_ function: String) -> [String]? {
        guard let open = function.firstIndex(of: "("), function.hasSuffix(")") else { return nil }
        let labels = function[function.index(after: open)..<function.index(before: function.endIndex)]
            .split(separator: ":").map(String.init)
        let baseWords = NameWords.split(DeclarationPath.baseName(function))
        // The event is the last label that names one; `withCompletionHandler:`, `reply:` name a parameter.
        guard labels.count >= 2, labels[0] == "_", let noun = baseWords.last, Self.delegatingNouns.contains(noun),
              let event = labels.last(where: { $0 != "_" && !Self.isCallbackLabel($0) }) else { return nil }
        let words = NameWords.split(event)
        return words.isEmpty ? nil : words
    }

    /// Words that mark an argument label as naming a callback parameter, not an event.
    static let callbackWords: Set<String> = ["completion", "handler", "reply", "callback", "block", "closure"]

    /// `withCompletionHandler`, `completion`, `reply`: the label of a callback parameter.
    public static func isCallbackLabel(_ label: String) -> Bool {
        NameWords.split(label).contains { callbackWords.contains($0) }
    }

    /// `onAppear` → `appear`, `viewDidLoad` → `view-did-load`.
    func actionWords(_ name: String) -> [String] {
        let words = NameWords.split(name)
        if words.count > 1, Self.modifierPrefixes.contains(words[0]) { return Array(words.dropFirst()) }
        return words
    }

    /// `local-path-for` → `local-path`: a name that ends in a preposition reads unfinished.
    static func trimmingTrailingFillers(_ words: [String]) -> [String] {
        NameWords.trimmingDanglingEnd(words)
    }

    static func stripping(_ suffixes: [String], from words: [String]) -> [String] {
        guard words.count > 1, let last = words.last,
              suffixes.contains(where: { $0.lowercased() == last }) else { return words }
        return Array(words.dropLast())
    }

    /// Drops words the prefix already says (`album-detail` + `load-album-detail` → `load`), unless nothing
    /// would be left.
    static func removingRepeats(of prefix: [String], in words: [String]) -> [String] {
        let kept = words.filter { !prefix.contains($0) }
        return kept.isEmpty ? (prefix.isEmpty ? words : []) : kept
    }

    static func fileStem(_ fileName: String) -> String {
        let last = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if last.hasSuffix(".swift") { return String(last.dropLast(6)) }
        return last
    }
}

/// A derived name: the preferred words and, in order, the words that distinguish it when it clashes.
public struct DerivedTaskName: Sendable, Hashable {
    /// The stable prefix, from the enclosing type (`album-detail`).
    public var prefixWords: [String]
    /// What the task is for (`load-tracks`).
    public var purposeWords: [String]
    public var disambiguators: [[String]]
    /// The site does per-item work; the name is a fixed prefix an identity segment (`:\(id)`) could follow.
    public var isPerItem: Bool
    public var maxLength: Int
    /// Where the name came from, in a few words (`the function loadTracks(for:)`); empty when not known. Shown in
    /// the rows of `taskwarden fix --write-plan`.
    public var provenance: String = ""
    /// Set when the site sits in a helper that only forwards its closure to the task, so every caller's work
    /// would carry one fixed name: what to do instead (thread a `name:` parameter through). `fix` then leaves
    /// the site unnamed, and its plan lists it without a name.
    public var forwardingAdvice: String? = nil

    /// The preferred name, shortened to the limit.
    public var name: String { candidate(level: 0) }

    /// The name with the first `level` disambiguators appended, shortened to the limit.
    public func candidate(level: Int) -> String {
        var extra: [String] = []
        for words in disambiguators.prefix(level) {
            extra += words.filter { !prefixWords.contains($0) && !purposeWords.contains($0) && !extra.contains($0) }
        }
        return NameWords.compose(prefix: prefixWords, purpose: purposeWords, extra: extra, maxLength: maxLength)
    }

    /// `candidate(level:)` with a number at the end, used only when no context word tells sites apart.
    public func numbered(_ number: Int) -> String {
        NameWords.compose(
            prefix: prefixWords, purpose: purposeWords, extra: [], maxLength: maxLength - 1 - String(number).count
        ) + "-\(number)"
    }
}
