/// `task-label-collision` (info): unnamed tasks that a profiler would give the same label.
public struct TaskLabelCollisionRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-label-collision",
        summary: "Unnamed tasks that a profiler would give the same label look like one kind of work.",
        rationale: """
            An unnamed task is labelled after the frame that created it: the enclosing function, or `closure #N \
            in …`. Two unnamed tasks created in one function share that label; and a task created in a closure \
            stored in a property (`monitor.onQuiesced = { Task { … } }`) is labelled after whatever calls the \
            closure, so it looks exactly like the tasks that caller creates itself (recognised when a function \
            calls a closure property its own type declares). Each site is reported with the others (the first \
            five named, the rest counted). Name the tasks (`unnamed-task`, `taskwarden fix`). An `async let` \
            takes no name, so it is never reported itself (`async-let-unnamed` gives the advice for it: a task \
            group), but a task labelled like one is.
            Only tasks of one program can meet in one trace, so sites are compared only when their files can be \
            linked into one program: the SwiftPM products linking the target that holds each file (from the \
            nearest `Package.swift`: executables with the libraries they depend on, one test product for every \
            test target, one executable per file under `Snippets/`), else the Xcode targets compiling it \
            (`project.pbxproj`: listed sources, and synchronized folders with their membership exceptions; a \
            framework counts for the targets that depend on it), else the folder of \
            an app of its own: one holding an `@main` type, an application delegate class \
            (`NSApplicationDelegate`, `UIApplicationDelegate`), an extension's `Info.plist`, or a file named \
            `AppDelegate.swift`, `main.swift` or `…App.swift` (NetNewsWire's `Mac/` and `iOS/`, an agent app \
            beside the main one, several apps in subfolders of one folder). Files none of these places are \
            compared with every file.
            Cannot see: closures called from outside the linted tree, inlining decisions of the optimiser, and \
            frames a profiler fails to symbolicate (those show the runtime's thunk instead).
            """,
        defaultSeverity: .info,
        triggeringExamples: [
            RuleExample("""
                struct RecordShelfApp {
                    init() {
                        ↓Task { await cloudSync.listen() }
                        ↓Task.detached { await Library.warmUp() }
                    }
                }
                """),
            RuleExample("""
                final class CloudSyncMonitor {
                    var onQuiesced: () -> Void = {}
                    func reconcileIfReady() {
                        if isQuiet { onQuiesced() } else { ↓Task { await retry() } }
                    }
                }
                func launch(monitor: CloudSyncMonitor) {
                    monitor.onQuiesced = { ↓Task { await backfillMasterYears() } }
                }
                """),
            // An async let cannot be named; the task beside it can.
            RuleExample("""
                func loadAlbum(id: Album.ID) async throws -> AlbumPage {
                    ↓Task { await RecentlyViewed.shared.record(id) }
                    async let tracks = fetchTracks(id)
                    return try await AlbumPage(tracks: tracks)
                }
                """, message: "name this task to tell it apart (an async let cannot be named)"),
            // Code shared by both apps (`Shared/`) can meet either app's tasks in a trace.
            RuleExample("""
                // Shared/AppDelegate+Refresh.swift, linked into Mac/ and iOS/ (both hold an AppDelegate.swift)
                extension AppDelegate {
                    func applicationDidBecomeActive() { ↓Task { await refreshAll() } }
                }
                """, supportingFiles: [
                    "Mac/AppDelegate.swift": "final class AppDelegate {}\nextension AppDelegate { func applicationDidBecomeActive() { Task { await sync() } } }",
                    "iOS/AppDelegate.swift": "final class AppDelegate {}",
                ], fileName: "Shared/AppDelegate+Refresh.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct RecordShelfApp {
                    init() {
                        Task(name: "cloud-sync-listen") { await cloudSync.listen() }
                        Task.detached(name: "library-warm-up") { await Library.warmUp() }
                    }
                }
                """),
            RuleExample("""
                func one() { Task { await a() } }
                func two() { Task { await b() } }
                """),
            // Found in real apps: async let pairs, which no name can tell apart (`async-let-unnamed` says to use a
            // task group where that matters).
            RuleExample("""
                func loadAlbum(id: Album.ID) async throws -> AlbumPage {
                    async let tracks = fetchTracks(id), cover = fetchCover(id)
                    async let credits = fetchCredits(id)
                    return try await AlbumPage(tracks: tracks, cover: cover, credits: credits)
                }
                """),
            // Found in real apps: two apps in one repository (NetNewsWire's `Mac/` and `iOS/`) never share a trace.
            RuleExample("""
                // Mac/AppDelegate.swift; iOS/AppDelegate.swift has the same code
                final class AppDelegate {
                    func applicationDidBecomeActive() { Task { await refreshAll() } }
                }
                """, supportingFiles: ["iOS/AppDelegate.swift": """
                final class AppDelegate {
                    func applicationDidBecomeActive() { Task { await refreshAll() } }
                }
                """], fileName: "Mac/AppDelegate.swift"),
            // Found in real apps: an agent app beside the main app, without an Xcode project in the tree; its
            // delegate's file name says nothing, its `@main` and `NSApplicationDelegate` do.
            RuleExample("""
                final class StatusMenuController {
                    func refresh() { Task { await reloadServers() } }
                }
                """, supportingFiles: [
                    "VPNAgent/FooVPNAgentDelegate.swift": """
                        import AppKit
                        @main final class FooVPNAgentDelegate: NSObject, NSApplicationDelegate {}
                        """,
                    "Browser/AppDelegate.swift": "final class AppDelegate {}",
                    "Browser/StatusMenuController.swift": """
                        final class StatusMenuController {
                            func refresh() { Task { await reloadBookmarks() } }
                        }
                        """,
                ], fileName: "VPNAgent/StatusMenuController.swift"),
            // Several apps in one folder, each in its own subfolder with its own `@main` App, beside a folder of
            // tools: two top-level `Renderer` types could not be in one module either.
            RuleExample("""
                final class Renderer {
                    func startAnimation() { Task { await step() } }
                }
                """, supportingFiles: [
                    "Numerical/HeatTransfer/HeatTransferApp.swift": "import SwiftUI\n@main struct HeatTransferApp: App {}",
                    "Numerical/Mandelbrot/MandelbrotApp.swift": "import SwiftUI\n@main struct MandelbrotApp: App {}",
                    "Numerical/Mandelbrot/Renderer.swift": "final class Renderer {\n    func startAnimation() { Task { await step() } }\n}",
                    "Tools/Generate.swift": "func generate() {}",
                ], fileName: "Numerical/HeatTransfer/Renderer.swift"),
            // An app extension is a program of its own: its `Info.plist` says so.
            RuleExample("""
                final class FeedStore {
                    func reload() { Task { await fetchLatest() } }
                }
                """, supportingFiles: [
                    "Widgets/Info.plist": """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <plist version="1.0"><dict><key>NSExtension</key><dict>
                        <key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string>
                        </dict></dict></plist>
                        """,
                    "App/FeedsApp.swift": "struct FeedsApp {}",
                    "App/FeedStore.swift": "final class FeedStore {\n    func reload() { Task { await sync() } }\n}",
                ], fileName: "Widgets/FeedStore.swift"),
            // Found in real apps: a closure passed as an argument (`set:`) is called by the framework, not by
            // an unrelated function that happens to be called `set`.
            RuleExample("""
                final class Store {
                    func set(_ value: Int) {}
                    func save() { set(1); Task { await persist() } }
                }
                let binding = Binding(get: { 0 }, set: { _ in Task { await refresh() } })
                """),
        ]
    )

    private static func isLabelled(_ site: SiteRecord) -> Bool {
        site.name == .none && (site.kind.isUnstructured || site.kind.isGroupChild || site.kind == .asyncLet)
    }

    /// Runs once over the tree's records: groups unnamed sites by guessed label, then moves sites created in
    /// stored closures into the group of the function that calls the closure.
    public func findings(in tree: TreeAnalysis) -> [Finding] {
        let labelled = tree.records.filter(Self.isLabelled)
        let storedNames = Set(labelled.compactMap(\.calledThrough))
        // Each record knows which stored closures its function (frame) calls, if its frame is a function.
        var callersByName: [String: Set<String>] = [:]
        if !storedNames.isEmpty {
            for site in labelled where site.calledThrough == nil {
                for name in site.frameCalls ?? [] where storedNames.contains(name) {
                    callersByName[name, default: []].insert(site.guessedLabel)
                }
            }
        }
        var groups: [String: [SiteRecord]] = [:]
        for site in labelled {
            if let stored = site.calledThrough, let callers = callersByName[stored], !callers.isEmpty {
                for caller in callers.sorted() { groups[caller, default: []].append(site) }
            } else {
                groups[site.guessedLabel, default: []].append(site)
            }
        }
        var results: [Finding] = []
        let scope = tree.programScope
        for (label, sites) in groups where sites.count > 1 {
            // A site can stand in one group once per position; counting positions keeps this linear.
            var sitesAtPosition: [SourcePosition: Int] = [:]
            for site in sites { sitesAtPosition[site.position, default: 0] += 1 }
            var placements: [String: String] = [:]  // file → placement key
            var representatives: [String: String] = [:]  // placement key → one of its files
            var countsByPlacement: [String: Int] = [:]
            var nameableByPlacement: [String: Int] = [:]  // sites other than async let, which take a name
            for site in sites {
                let file = site.position.file
                let key = placements[file] ?? scope.placement(of: file)
                placements[file] = key
                if representatives[key] == nil { representatives[key] = file }
                countsByPlacement[key, default: 0] += 1
                if site.kind != .asyncLet { nameableByPlacement[key, default: 0] += 1 }
            }
            var compatibility: [String: Bool] = [:]
            func placementOf(_ file: String) -> String { placements[file] ?? "" }
            func compatible(_ a: String, _ b: String) -> Bool {
                if a == b { return true }
                let key = a < b ? a + "\u{0}" + b : b + "\u{0}" + a
                if let known = compatibility[key] { return known }
                let answer = scope.shareProgram(representatives[a] ?? "", representatives[b] ?? "")
                compatibility[key] = answer
                return answer
            }
            for site in sites {
                // Sites whose files share no program never meet in one trace. Files are compared by placement
                // (a handful per group), and the count of others is summed per placement, so a group of n sites
                // in one program costs O(n), not O(n²).
                let placement = placementOf(site.position.file)
                let total = sites.count - sitesAtPosition[site.position, default: 0]
                    - countsByPlacement.reduce(0) { $0 + (compatible(placement, $1.key) ? 0 : $1.value) }
                // An async let takes no name: `async-let-unnamed` says what to do instead (a task group), and
                // is off by default because most async let pairs are short and obvious. It still counts as
                // another site for a task that shares its label.
                guard total > 0, site.kind != .asyncLet else { continue }
                let nameableOthers = nameableByPlacement.reduce(0) { $0 + (compatible(placement, $1.key) ? $1.value : 0) }
                    - sitesAtPosition[site.position, default: 0]
                let others = RelatedSiteList(
                    others: sites.lazy.filter { $0.position != site.position && compatible(placement, placementOf($0.position.file)) }
                        .map(\.position),
                    total: total)
                let how = site.calledThrough != nil && site.guessedLabel != label
                    ? " (it is created in a closure stored as '\(site.calledThrough!)', which '\(label)' calls)" : ""
                results.append(finding(
                    at: site,
                    message: "a profiler would label this unnamed task '\(label)'\(how), the same as \(others.text()); "
                        + (nameableOthers > 0 ? "name them to tell them apart" : "name this task to tell it apart (an async let cannot be named)"),
                    related: others.shown.map { RelatedLocation(position: $0, message: "also labelled '\(label)'") }
                ))
            }
        }
        return results
    }
}
