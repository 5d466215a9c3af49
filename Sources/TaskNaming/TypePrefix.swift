/// The stable prefix of every name derived inside one type: made from the type's name alone, so every site of
/// a type gets the same prefix, in whole words.
///
/// - Words that only say what kind of type it is are removed from the end, as often as they occur
///   (`AlbumDetailViewModel` → `album-detail`, `StartChatScreenViewModel` → `start-chat`,
///   `WebCacheManagerTests` → `web-cache`, `RoomFlowCoordinator` → `room-flow` but `AppCoordinator` →
///   `app-coordinator`), a leading `Default` (`DefaultPreferences` → `preferences`) or `Base`
///   (`BaseWatchManager` → `watch`) or, before two words or more, `Weak` (`WeakSessionVerificationProxy` →
///   `session-verification-proxy`).
/// - A one-word nested type takes its outer type (`PriceService.Cache` → `price-cache`).
/// - A prefix longer than ``limit`` loses the kind words inside it (`SyncSettingsViewControllerErrorTests` →
///   `sync-settings-error`), then keeps its leading whole words up to the limit (never fewer than two):
///   `NetworkProtectionSubscriptionEventHandler` → `network-protection`, for every site of the type.
///   A past participle left last gives way to the words that end the name (`OrganizationVerifiedDomainsView` →
///   `organization-domains`, never `organization-verified`).
///
/// ```swift
/// let prefix = TypePrefix(limit: 28)
/// prefix.words(for: ["RecordShelf", "AlbumDetailViewModel"])  // ["album", "detail"]
/// prefix.words(for: ["PriceService", "Cache"])                // ["price", "cache"]
/// ```
public struct TypePrefix: Sendable, Hashable {
    /// Kind words as word sequences, longest first (`view controller` before `controller`).
    public var kindWords: [[String]]
    /// The longest prefix, in characters.
    public var limit: Int

    public static let defaultKindWords: [String] = [
        "ViewController", "ViewModel", "Controller", "Service", "Manager", "View", "Impl", "Implementation", "Model", "Screen",
        "Tests", "Test", "TestCase", "Spec", "Protocol", "Coordinator", "VC",
    ]

    /// Kind words that go only from a name of three words or more: `RoomFlowCoordinator` → `room-flow`, but
    /// `AppCoordinator` stays `app-coordinator` (`app` alone says nothing).
    static let kindWordsOfTwoWordNames: Set<[String]> = [["coordinator"]]

    public init(kindWords: [String] = TypePrefix.defaultKindWords, limit: Int = 28) {
        self.kindWords = kindWords.map(NameWords.split).filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        self.limit = max(8, limit)
    }

    /// The prefix words for a path of enclosing type names, outermost first; empty for top-level code.
    public func words(for types: [String]) -> [String] {
        // `ClusterEventStream.AsyncIterator`: a nested type named for the protocol it conforms to is its outer
        // type's (`cluster-event-stream`), as a kind word is.
        let stem = { (index: Int) in index > 0 && Self.conformanceNames.contains(types[index]) ? [] : self.stem(types[index]) }
        guard let innermostIndex = types.indices.last(where: { !stem($0).isEmpty }) else {
            // Only kind words (`struct View`): keep the word rather than nothing.
            return types.last.map(NameWords.split) ?? []
        }
        var words = stem(innermostIndex)
        // `Library.Loader` reads better as `library-loader` than as `loader`; `BookmarkViewModel.State.Loading` as
        // `bookmark-loading`: the nearest outer type that says more than one word, else the outermost.
        // (Not a suite that only groups test suites: `TestServerDependentTests.ClientTests` is `client`.)
        let outers = types.indices[..<innermostIndex]
            .filter { index in !(Self.isTestSuite(types[innermostIndex]) && Self.isTestSuite(types[index])) }
            .map(stem).filter { !$0.isEmpty }
        if words.count == 1, let outer = outers.last(where: { $0.count > 1 }) ?? outers.first {
            words = outer.filter { !words.contains($0) } + words
        }
        return fitted(words)
    }

    /// `ClientTests`, `LoginSpec`: a type named as a suite of tests.
    static func isTestSuite(_ typeName: String) -> Bool {
        ["Tests", "Test", "TestCase", "Spec", "Suite"].contains { typeName.hasSuffix($0) }
    }

    /// Names a nested type takes from the protocol it conforms to: they say which requirement, never which type.
    static let conformanceNames: Set<String> = ["AsyncIterator", "Iterator", "AsyncIteratorProtocol"]

    /// Stems of view types that say only which view of a program they are (`ContentView`, `MainView`,
    /// `RootViewController`): every program has one, so the program names their tasks instead.
    static let genericRootStems: Set<[String]> = [["content"], ["main"], ["root"]]

    /// Folders whose names say how code is laid out, not which program it is.
    static let layoutFolders: Set<String> = [
        "sources", "source", "src", "app", "apps", "application", "applications", "views", "view", "ui", "screens",
        "scenes", "features", "feature", "shared", "common", "core", "ios", "macos", "watchos", "tvos", "visionos",
        "mac", "classes", "main", "root", "content", "resources", "presentation", "modules", "components", "scene",
        "examples", "example", "samples", "demos", "targets", "packages", "projects", "platforms", "swiftui",
        "logic", "model", "models", "viewmodel", "viewmodels", "services", "helpers", "utils", "utilities", "managers",
        "controllers", "viewcontrollers", "stores", "state", "domain", "networking", "extensions", "supportingfiles",
    ]

    /// Last words of a program's folder that say what kind of program it is (`ImageGenExample`, `IceCubesApp`).
    static let programKindWords: Set<String> = ["app", "example", "examples", "demo", "sample", "ios", "macos", "ui", "uikit", "swiftui"]

    /// The prefix for the types at `types` in the file at `path`: the program's name, read from the nearest
    /// folder that names one (`Applications/ImageGenExample/ContentView.swift` → `image-gen`), when the types
    /// only say which view of a program they are (``genericRootStems``); nil otherwise or when no folder does.
    /// The same for every site of the type in that file's folder, whole-file or sub-file.
    public func programWords(for types: [String], path: String?) -> [String]? {
        let stems = types.map(stem).filter { !$0.isEmpty }
        // A type named only by kind words (`ViewModel`, `Store`) says as little as `ContentView` does.
        guard let path, !types.isEmpty, stems.allSatisfy(Self.genericRootStems.contains),
              types.allSatisfy({ stem($0) != NameWords.split($0) }) else { return nil }
        for folder in path.split(separator: "/").dropLast().reversed() {
            var words = NameWords.split(String(folder))
            guard !words.isEmpty, !Self.layoutFolders.contains(words.joined()), !folder.hasPrefix(".") else { continue }
            // `OnboardingsDemo-SwiftUI`: the UI framework a sample is written with says no more than `Demo`.
            while words.count > 1, let last = words.last, Self.programKindWords.contains(last) || words.suffix(2) == ["swift", "ui"] {
                words.removeLast(words.suffix(2) == ["swift", "ui"] && words.count > 2 ? 2 : 1)
            }
            let fitted = fitted(words)
            return fitted.isEmpty ? nil : fitted
        }
        return nil
    }

    /// A type's own words without the kind words at its end (repeatedly) and a leading `Default` or `Base`.
    public func stem(_ typeName: String) -> [String] {
        let bare = typeName.split(separator: "<").first.map(String.init) ?? typeName
        var words = NameWords.split(bare)
        let whole = words
        if words.count > 1, words.first == "default" { words.removeFirst() }
        // `WeakSessionVerificationProxy`: a weak wrapper's tasks are the wrapped type's, hopped to (`WeakBox` stays).
        if words.count > 2, words.first == "weak", typeName.hasPrefix("Weak") { words.removeFirst() }
        // `StatusTableViewCellDelegate`: a long delegate protocol is its object's (`status-table-cell`); not a
        // short one (`AppDelegate`), nor one whose object is itself a kind word (`UITableViewDelegate`).
        if words.count >= 4, words.last == "delegate", !kindWords.contains(where: { $0.last == words[words.count - 2] }) {
            words.removeLast()
            // (`TableViewCell`, `CollectionViewCell`: the cell is what it is; `status-table-cell`.)
            if let view = words.indices.dropLast().last(where: { words[$0] == "view" && words[$0 + 1] == "cell" }), view > 0 {
                words.remove(at: view)
            }
        }
        var removed = true
        while removed {
            removed = false
            for kind in kindWords where words.count > kind.count && words.suffix(kind.count).elementsEqual(kind)
                && (words.count - kind.count > 1 || !Self.kindWordsOfTwoWordNames.contains(kind)) {
                words.removeLast(kind.count)
                removed = true
                break
            }
        }
        // `BaseWatchManager`: the base class of a protocol's implementations names what they implement (`watch`).
        if words.count > 1, words.first == "base", bare.hasPrefix("Base") { words.removeFirst() }
        // A name made only of kind words stems to nothing: `View`, `ViewModel`.
        if kindWords.contains(whole) { return [] }
        // `ClusteredActorSystemsXCTestCase`: the framework's two capitals left behind by its kind words go too.
        if words.count > 1, words.count < whole.count, let last = words.last, last.count == 2,
           bare.contains(last.uppercased() + "Test") {
            words.removeLast()
        }
        // `NSRegularExpression`, `UIWindowScene`: a framework's two capitals before two words or more say only
        // whose the type is.
        if words.count > 2, let first = words.first, Self.frameworkPrefixes.contains(first), bare.hasPrefix(first.uppercased()),
           !["test", "tests"].contains(words[1]) {
            words.removeFirst()
        }
        // `TagListFor`, `ResultsWith`: a type named up to a preposition is named for what comes before it.
        // (`SignIn` keeps its particle.)
        return NameWords.trimmingDanglingEnd(words)
    }

    /// Two-capital prefixes of Apple's frameworks (`NS`, `UI`, `CG`, `AV`…).
    static let frameworkPrefixes: Set<String> = [
        "ns", "ui", "cg", "ca", "av", "mk", "sk", "cl", "cn", "wk", "ck", "hk", "gk", "uk", "ci", "cv", "ml",
        "ek", "un", "ph", "cx", "pk", "mp", "wc", "sf", "ar", "sc", "vn", "nl", "ql", "mc", "ms", "ct",
    ]

    /// `words` within ``limit``: without inner kind words first, then its leading words (at least two).
    func fitted(_ words: [String]) -> [String] {
        func length(_ words: [String]) -> Int { NameWords.hyphenatedLength(words) }
        guard length(words) > limit else { return words }
        var kept = words
        var index = 1
        while index < kept.count - 1 {
            if let kind = kindWords.first(where: { index + $0.count < kept.count && Array(kept[index..<index + $0.count]) == $0 }) {
                kept.removeSubrange(index..<index + kind.count)
            } else {
                index += 1
            }
        }
        let whole = kept
        while length(kept) > limit, kept.count > 2 { kept.removeLast() }
        // `organization-verified` of `OrganizationVerifiedDomainsView` reads as a sentence cut off: a participle
        // left last gives way to the words that end the name, as many as fit (`organization-domains`,
        // `home-explore-profile-row` of `HomeExploreSuggestedProfileRowView`).
        // (Not `-ing` words: `onboarding`, `calling` in `FunctionCallingDemo` are nouns as often.)
        if kept.count >= 2, kept.count < whole.count, let last = kept.last, NameWords.isRegularParticiple(last) {
            let lead = Array(kept.dropLast())
            let rest = whole[kept.count...]
            if let tail = rest.indices.lazy.map({ Array(rest[$0...]) }).first(where: { length(lead + $0) <= limit }) {
                kept = lead + tail
            }
        }
        // `waitlist-terms-and`, `data-volume-observer-through` read unfinished: a cut prefix never ends on a glue word.
        while kept.count > 2, let last = kept.last, NameWords.fillers.contains(last) || NameWords.danglingWords.contains(last) {
            kept.removeLast()
        }
        return kept
    }
}
