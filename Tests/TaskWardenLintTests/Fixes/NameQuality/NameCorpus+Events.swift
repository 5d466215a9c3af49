/// Apps and servers: views, view models, actors, clients and job runners — verbs the prefix echoes, buttons
/// that do one thing or another, calls named after what happened, and sites told apart by their function.
extension NameCorpus {
    static let events: [NameCase] = [
        NameCase("a verb the view's name says as an activity stays the verb", file: "ScanningView.swift", """
            struct ScanningView: View {
                let scanner: DocumentScanner
                var body: some View {
                    Button("Scan") { Task { try await scanner.scan() } }
                }
            }
            """, accept: [["scanning-scan"]], wrong: ["scanning-scanner", "scanning"]),
        NameCase("a fetcher whose function echoes it is named after its call", file: "QuoteFetcher.swift", """
            final class QuoteFetcher {
                func fetch() {
                    Task { await store.downloadLatestQuotes() }
                }
            }
            """, accept: [["quote-fetcher-download-latest-quotes", "quote-fetcher-download-latest"]],
            wrong: ["quote-fetcher-latest-quotes", "quote-fetcher-fetch"]),
        NameCase("a reader fans out to fetches of one store", file: "FleetReader.swift", """
            final class FleetReader {
                func read() {
                    pending = Task { [weak self] in
                        async let ships = Fleet.shared.fetchShips()
                        async let ports = Fleet.shared.fetchPorts()
                        let snapshot = await (ships, ports)
                        self?.publish(snapshot)
                    }
                }
            }
            """, accept: [["fleet-reader-fetch", "fleet-reader-read"]], wrong: ["fleet-reader", "fleet-reader-publish"]),
        NameCase("a button titled one way or the other", file: "CheckoutView.swift", """
            struct CheckoutView: View {
                var allPinned: Bool
                var body: some View {
                    Button {
                        Task { if allPinned { await unpinEverything() } else { await pinEverything() } }
                    } label: { Text(allPinned ? "Unpin Everything" : "Pin Everything") }
                }
            }
            """, accept: [["checkout-unpin-or-pin-everything"]], wrong: ["checkout-button", "checkout"]),
        NameCase("a job runner reports a failure to its queue", file: "WorkerLoop.swift", """
            final class WorkerLoop {
                func perform(jobID: JobID, payload: Payload) async throws {
                    do { try await payload.execute() } catch {
                        try await Task { try await self.ledger.failed(jobID: jobID, error: error) }.value
                    }
                }
            }
            """, accept: [["worker-loop-report-job-failed"]], wrong: ["worker-loop-failed", "worker-loop-failed-ledger"]),
        NameCase("events handed to a state machine and to oneself", file: "Reconnector.swift", """
            final class Reconnector {
                func arm(_ deadline: Deadline) {
                    Task { await self.machine.deadlineScheduled(deadline) }
                }
                func tick() {
                    Task { await self.withMachine { $0.deadlineFired() } }
                }
                func channelInactive() {
                    Task { await self.socketClosed() }
                }
            }
            """, accept: [["reconnector-report-deadline-scheduled"], ["reconnector-report-deadline-fired"],
                          ["reconnector-handle-socket-closed"]],
            wrong: ["reconnector-deadline-scheduled", "reconnector-fired", "reconnector-socket-closed"]),
        NameCase("a function named against its call is where, said with a preposition", file: "Channel.swift", """
            final class Channel {}
            extension Channel {
                func _join(request: Request) async throws {
                    do { try await send(request) } catch {
                        _ = try await Task { try await leave(room: request.room) }.value
                    }
                }
                func run(room: Room) {
                    Task { try await leave(room: room) }
                }
            }
            """, accept: [["channel-leave-in-join"], ["channel-leave"]],
            wrong: ["channel-leave-join", "channel-join", "channel-leave-2"]),
        NameCase("a program's content view takes the program's name", file: "Apps/PosterMakerDemo/ContentView.swift", """
            struct ContentView: View {
                let renderer: PosterRenderer
                var body: some View { Button("Render") { render() } }
                private func render() { Task { await renderer.render(layout: layout) } }
            }
            """, accept: [["poster-maker-render"]], wrong: ["content-render"]),
        NameCase("a third site named after its own function, not numbered", file: "SketchEvaluator.swift", """
            @Observable final class SketchEvaluator {
                func updateProgress(progress: Double) { Task { @MainActor in self.progress = progress } }
                func updateSketch(sketch: Sketch) { Task { @MainActor in self.sketch = sketch } }
                func show(decoded: Data) {
                    let sketch = Sketch(decoded)
                    Task { @MainActor in updateSketch(sketch: sketch) }
                }
            }
            """, accept: [["sketch-evaluator-update-progress"], ["sketch-evaluator-update-sketch"],
                      ["sketch-evaluator-update-sketch-in-show", "sketch-evaluator-show"]],
            wrong: ["sketch-evaluator-update-2", "sketch-evaluator-update-sketch-show"]),
        NameCase("a delegate event in the past is no did-plus-participle", file: "TrackCell.swift", """
            final class TrackListController {
                func trackCell(_ cell: TrackCell, statusView: StatusView, shareButtonDidPressed button: UIButton) {
                    Task { await share(cell.track) }
                }
            }
            """, accept: [["track-list-share", "track-list-share-button-pressed"]],
            wrong: ["track-list-share-button-did-pressed", "track-list-share-button-did"]),
        NameCase("two callbacks assigning one property are told apart by where each is made, never by a cut property", file: "ProfileSettingsModel.swift", """
            @MainActor final class ProfileSettingsModel {
                var displayName = ""
                private func watchAccount() {
                    tokens.append(account.cache.subscribe { [weak self] _, member in
                        Task { @MainActor [weak self] in
                            self?.displayName = member.nickname ?? ""
                        }
                    })
                }
                private func fetchInitialProfile() {
                    gateway.currentMember { [weak self] member in
                        Task { @MainActor [weak self] in
                            self?.displayName = member?.nickname ?? ""
                        }
                    }
                }
            }
            """, accept: [["profile-settings-update-display-name"],
                      ["profile-settings-fetch-initial-profile", "profile-settings-current-member"]],
            wrong: ["profile-settings-update-display-name-2", "profile-settings-update-display-current-member"]),
        NameCase("a registration call says when, and is never glued on to tell sites apart", file: "Chart+Drag.swift", """
            extension ChartView {
                func dragItem() -> NSItemProvider {
                    let item = NSItemProvider()
                    item.registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) { reply in
                        Task.detached { await reply(render().jpegData(), nil) }
                        return nil
                    }
                    item.registerFileRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) { reply in
                        Task.detached { await reply(render().jpegData(), nil) }
                        return nil
                    }
                    return item
                }
            }
            """, accept: [["chart-render-jpeg-data"], ["chart-render-jpeg-data-detached", "chart-render-jpeg-data-2"]],
            wrong: ["chart-jpeg-data-register-representation", "chart-jpeg-data-register-file-representation"]),
        NameCase("a callback's task that only assigns a computed value is named after the property", file: "Stopwatch.swift", """
            @Observable final class Stopwatch {
                var origin = 0.0
                var lapMillis = 0.0
                func measure(run: String) async {
                    ticker = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { [weak self] _ in
                        guard let self else { return }
                        Task { @MainActor in
                            let lap = Date.timeIntervalSinceReferenceDate - self.origin
                            self.lapMillis = lap * 1000
                        }
                    }
                    await engine.perform(run)
                }
            }
            """, accept: [["stopwatch-update-lap-millis"]], wrong: ["stopwatch-measure"]),
        NameCase("a callback's task that only assigns several properties is named after the last one", file: "Odometer.swift", """
            @Observable final class Odometer {
                var pace = 0.0
                var distance = 0.0
                func track(trip: String) async {
                    sampler = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] _ in
                        guard let self else { return }
                        Task { @MainActor in
                            let covered = self.gps.meters - self.startMeters
                            if covered > 0 {
                                self.pace = Double(self.ticks) / covered
                                self.distance = covered
                            }
                        }
                    }
                    await recorder.follow(trip)
                }
            }
            """, accept: [["odometer-update-distance"]], wrong: ["odometer-track", "odometer-follow"]),
        NameCase("a call that says only a quantifier once its task word goes reads a collection", file: "SceneHost.swift", """
            extension SceneHost {
                func reportQueuedExports() {
                    Task {
                        let jobs = await ExportQueue.main.allJobs()
                        Metrics.record(.exports, value: jobs.count)
                    }
                }
            }
            """, accept: [["scene-host-report-queued-exports"]], wrong: ["scene-host-export-all", "scene-host-all"]),
        NameCase("a callback's task whose last assignment only raises a flag is not named after it", file: "InboxModel.swift", """
            @Observable final class InboxModel {
                var bannerText = ""
                var bannerVisible = false
                func syncMessages() {
                    mailbox.fetchAll().catch { [weak self] failure in
                        Task { @MainActor in
                            self?.bannerText = failure.localizedDescription
                            self?.bannerVisible = true
                        }
                    }
                }
            }
            """, accept: [["inbox-sync-messages"]], wrong: ["inbox-update-banner-visible"]),
        NameCase("letting go of the task's own handle is cleanup; a stored action keeps its verb", file: "ReplyBox.swift", """
            struct ReplyBox: View {
                @State private var postTask: Task<Void, Never>?
                var body: some View {
                    Button("Post") {
                        postTask = Task {
                            await postReplyAction()
                            resetPostTask()
                        }
                    }
                }
                private func resetPostTask() { postTask = nil }
            }
            """, accept: [["reply-box-post", "reply-box-post-reply"]],
            wrong: ["reply-box-reset-post", "reply-box-reset", "reply-box-post-reply-action"]),
        NameCase("an exporter's child export keeps its verb", file: "ClipExporter.swift", """
            final class ClipExporter {
                let exporter: Exporter
                func exportClip() async {
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { await exporter.export() }
                        await group.waitForAll()
                    }
                }
            }
            """, accept: [["clip-exporter-export-clip", "clip-exporter-export"]], wrong: ["clip-exporter", "clip-exporter-clip"]),
        NameCase("a load in a loading controller keeps its verb", file: "TrailerLoadingController.swift", """
            final class TrailerLoadingController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    Task {
                        guard await loadTrailer() == true else { showFailure(); return }
                        present()
                    }
                }
            }
            """, accept: [["trailer-loading-load-trailer", "trailer-loading-load"]], wrong: ["trailer-loading"]),
        NameCase("a view's call whose verb the view's name says still names it", file: "CouponRedeemCardView.swift", """
            struct CouponRedeemCardView: View {
                @ObservedObject var model: CouponRedeemCardModel
                var body: some View {
                    Button(action: {
                        Task { await model.redeem() }
                    }) { Image(systemName: "gift") }
                }
            }
            """, accept: [["coupon-redeem-card-redeem"]], wrong: ["coupon-redeem-card"]),
        NameCase("two completions of one function are told apart by when each runs", file: "LibraryManager.swift", """
            final class LibraryManager {
                func addToShelf(bookID: String, notify: Bool) {
                    if let book = store.findBook(id: bookID) {
                        catalog.refreshBookIfStale(book: book) { [weak self] changed in
                            guard let strongSelf = self else { return }
                            Task { await strongSelf.performAddToShelf(book: book, notify: notify) }
                        }
                    } else {
                        api.downloadBookMetadataRecord(id: bookID, completion: { [weak self] record in
                            Task { [weak self] in await self?.performAddToShelf(book: record.book, notify: notify) }
                        })
                    }
                }
            }
            """, accept: [["library-add-to-shelf-after-book-refresh", "library-add-to-shelf-after-refresh"],
                          ["library-add-to-shelf-after-download", "library-add-to-shelf-after-download-book"]],
            wrong: ["library-add-shelf-refresh-book-stale", "library-add-shelf-download-book-metadata-record"]),
        NameCase("a long free benchmark function is a short context", file: "Benchmarks.swift", """
            func makeServer80Parallel10StreamPOSTBenchmark() -> Benchmark {
                Benchmark("server") { _ in
                    let server = makeServer()
                    await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { await server.run() }
                        for _ in 0..<80 {
                            group.addTask {
                                for _ in 0..<10 { let reply = try await server.get("bar") }
                            }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["server-benchmark-run-server", "server-benchmark-run"], ["server-benchmark-get"]],
            wrong: ["make-server80-parallel10-stream-post-run", "make-server80-parallel10-stream-benchmark"]),
        NameCase("a getter whose noun the prefix says keeps its verb, the function never glued", file: "HarborQuorumClient.swift", """
            final class HarborQuorumClient {
                func runQuorumElectionRoundAction(members: [Member]) async throws -> MemberList {
                    try await withThrowingTaskGroup(of: (MemberList, MemberID).self) { group in
                        for member in members {
                            group.addTask { (try await self.getQuorumRoster(member.client, id: member.id), member.id) }
                        }
                        while let result = await group.nextResult() {
                            switch result {
                            case .success((let roster, let id)):
                                for member in self.newcomers(roster) {
                                    group.addTask { (try await self.getQuorumRoster(member.client, id: member.id), member.id) }
                                }
                            case .failure:
                                break
                            }
                        }
                        throw QuorumError.noConsensus
                    }
                }
            }
            """, accept: [["harbor-quorum-client-get-roster", "harbor-quorum-client-get-quorum-roster",
                           "harbor-quorum-client-get-roster-members"],
                          ["harbor-quorum-client-get-roster-success", "harbor-quorum-client-get-roster-on-success"]],
            wrong: ["harbor-quorum-client-roster-run-quorum", "harbor-quorum-client-roster"]),
        NameCase("a value a view asks for on appear loads its property", file: "SyncSettingsView.swift", """
            struct SyncSettingsView: View {
                @State private var resolvedBackupPath = ""
                var body: some View {
                    Form { Text(resolvedBackupPath) }
                        .onAppear { Task { resolvedBackupPath = await backupFolderPath() } }
                }
            }
            """, accept: [["sync-settings-load-resolved-backup-path", "sync-settings-resolve-backup-path"]],
            wrong: ["sync-settings-backup-folder-path", "sync-settings-backup-path"]),
        NameCase("a URL fetched first is what the work needs, not the work", file: "FilterEditorView.swift", """
            struct FilterEditorView: View {
                var body: some View {
                    Form { Text("Filters") }
                        .onAppear {
                            Task {
                                let url = try await filtersFileURL()
                                try await writePendingFilters(to: url)
                            }
                        }
                }
            }
            """, accept: [["filter-editor-write-pending-filters", "filter-editor-write-filters"]],
            wrong: ["filter-editor-filters-file-url", "filter-editor-file-url"]),
        NameCase("a save restarts its monitor when it is done", file: "BlockListModel.swift", """
            @MainActor final class BlockListModel {
                var savingTask: Task<Void, Never>?
                func saveEntries() {
                    savingTask = Task {
                        pauseWatcher()
                        defer {
                            savingTask = nil
                            Task { try? await startWatcher() }
                        }
                        do {
                            let url = try await blockListFileURL()
                            try prepare(url)
                            try await writeAllEntries()
                        } catch {
                            lastError = error
                        }
                    }
                }
            }
            """, accept: [["block-list-save", "block-list-save-entries"], ["block-list-start-watcher", "block-list-restart-watcher"]],
            wrong: ["block-list-block-list-file-url", "block-list-file-url"]),
        NameCase("a mixed-case technical word is one word", file: "iCloudBackupView.swift", """
            struct iCloudBackupView: View {
                func start() { Task { await backup.run() } }
            }
            """, accept: [["icloud-backup-start", "icloud-backup-run-backup", "icloud-backup-run"]],
            wrong: ["i-cloud-backup-start"]),
    ]
}
