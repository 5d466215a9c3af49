/// How each kind of context becomes words: members, calls, modifiers, delegate events.
extension TaskNameDerivation {
    /// Property and operation names often end in a word that only says "this is a task".
    static let taskSuffixes = ["Tasks", "Task", "Handle", "Job"]
    /// Verb-less prefixes SwiftUI modifiers carry (`onAppear` → `appear`, `onTapGesture` → `tap-gesture`).
    static let modifierPrefixes = ["on"]

    func memberWords(_ member: DeclarationPath.Component) -> [String] {
        switch member {
        case .function(let name):
            let base = DeclarationPath.baseName(name)
            if let event = delegateEvent(name) { return event }
            // `withTimeout(_:)`, `withRetry(_:)`: a wrapper says what it adds, not what it wraps.
            let words = NameWords.split(base)
            if words.count > 1, words[0] == "with" { return Array(words.dropFirst()) }
            return hostFunctions.contains(base) && base != "init" && base != "deinit" ? actionWords(base) : words
        case .property(let name): return Self.stripping(Self.taskSuffixes, from: NameWords.split(name))
        case .initializer: return ["init"]
        case .deinitializer: return ["deinit"]
        case .subscript: return ["subscript"]
        case .closure(let name): return actionWords(name)
        case .type(let name): return typePrefix.stem(name)
        }
    }

    /// What a call says the task does.
    ///
    /// - `fetchPrices()` → `fetch-prices`;
    /// - a static call keeps its type without the kind words: `PriceService.refresh()` → `price-refresh`;
    /// - a transport verb takes its endpoint: `post(endpoint: Accounts.unblock(…))` → `post-unblock`;
    /// - a one-word verb takes the object it is called on: `capabilities.refresh()` → `refresh-capabilities`,
    ///   `pool.run()` → `run-pool` (but `viewModel.refresh()` → `refresh`: the object is only a kind word).
    func callWords(_ call: BodyCall) -> [String] {
        let words = Self.stripping(Self.taskSuffixes, from: NameWords.split(call.name))
        if let endpoint = call.endpoint {
            // `perform(action: .acceptTerms)` is the accept; `post(endpoint: .unblock)` posts it.
            if Self.genericFunctions.contains(call.name) { return NameWords.split(endpoint) }
            return words + NameWords.split(endpoint).filter { !words.contains($0) }
        }
        if let type = call.typeName {
            let typeWords = typePrefix.stem(type)
            return typeWords + words.filter { !typeWords.contains($0) }
        }
        if words.count == 1, let receiver = call.receiver {
            return words + typePrefix.stem(receiver).filter { !words.contains($0) }
        }
        return words
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
        // `safariViewControllerDidFinish(_:)`, `locationManagerDidChangeAuthorization(_:)`: the event follows
        // the delegating noun in the base name.
        let allWords = NameWords.split(DeclarationPath.baseName(function))
        if let index = allWords.indices.dropLast().first(where: { index in
            Self.delegatingNouns.contains(allWords[index]) && Self.eventWords.contains(allWords[index + 1])
        }), index > 0 {
            return Array(allWords[(index + 1)...])
        }
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

    /// Words that start a delegate event (`did-finish`, `will-present`, `should-start`).
    static let eventWords: Set<String> = ["did", "will", "should"]

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

    static func stripping(_ suffixes: [String], from words: [String]) -> [String] {
        guard words.count > 1, let last = words.last,
              suffixes.contains(where: { $0.lowercased() == last }) else { return words }
        return Array(words.dropLast())
    }

    /// Drops words the prefix already says (`album-detail` + `load-album-detail` → `load`), and the glue words
    /// they leave behind (`waitlist-terms-and-conditions` + `accept-terms-and-conditions` → `accept`). Empty
    /// when every word repeats the prefix.
    static func removingRepeats(of prefix: [String], in words: [String]) -> [String] {
        let removed = words.map { prefix.contains($0) }
        var kept: [String] = []
        for (index, word) in words.enumerated() where !removed[index] {
            let touchesRemoved = (index > 0 && removed[index - 1]) || (index + 1 < words.count && removed[index + 1])
            if touchesRemoved && (NameWords.fillers.contains(word) || word == "or") { continue }
            kept.append(word)
        }
        return kept.isEmpty && prefix.isEmpty ? words : kept
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func fileStem(_ fileName: String) -> String {
        let last = lastComponent(fileName)
        if last.hasSuffix(".swift") { return String(last.dropLast(6)) }
        return last
    }
}
