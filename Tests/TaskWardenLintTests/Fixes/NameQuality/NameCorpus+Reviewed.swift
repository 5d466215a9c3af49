/// Shapes found by reading proposed names against the code they label, each written here in code of its own:
/// a function that only registers a callback never replaces what the task does, a computed property names the
/// value its task produces, a system API's call gives way to the function, a coordinator's prefix loses its kind word
/// only when more than one word is left, and a test's scenario loses its auxiliaries and conditions before its meaning;
/// a storage named for a role (`logger`) names the task; adapters and wrappers are not the work.
extension NameCorpus {
    static let reviewed: [NameCase] = [
        NameCase("two callbacks of one coordinator start the same sign-out", file: "SessionFlowCoordinator.swift", """
            final class SessionFlowCoordinator {
                func setupObservers() {
                    accountActions.sink { [weak self] action in
                        guard let self else { return }
                        switch action {
                        case .signOut: Task { await self.runSignOutFlow() }
                        case .openSettings: openSettings()
                        }
                    }
                    .store(in: &cancellables)
                }
                func startPreferencesFlow() {
                    preferences.actions.sink { [weak self] action in
                        guard let self else { return }
                        Task {
                            self.dismissSheet()
                            try await Task.sleep(for: .milliseconds(100))
                            await self.runSignOutFlow()
                        }
                    }
                    .store(in: &cancellables)
                }
            }
            """, accept: [["session-flow-run-sign-out"], ["session-flow-run-sign-out-dismiss-sheet", "session-flow-run-sign-out-2"]],
            wrong: ["session-flow-setup-observers", "session-flow-start-preferences"]),
        NameCase("a computed property caches the task that produces it", file: "Compiler.swift", """
            final class Compiler {
                var languageVersion: LanguageVersion {
                    get async throws {
                        let task = versionTask.withLock { cached in
                            if let cached { return cached }
                            let newTask = Task { () -> LanguageVersion in
                                let process = Process(arguments: [path, "-version"])
                                try process.launch()
                                let result = try await process.waitUntilExit()
                                return try LanguageVersion(parsing: result.output)
                            }
                            cached = newTask
                            return newTask
                        }
                        return try await task.value
                    }
                }
            }
            """, accept: [["compiler-language-version"]], wrong: ["compiler-wait-until-exit"]),
        NameCase("a helper downloads through the shared URL session", file: "ThumbnailLoading.swift", """
            func downloadThumbnails(urls: [URL]) async throws -> [URL: Data] {
                try await withThrowingTaskGroup(of: (URL, Data).self) { group in
                    for url in urls {
                        group.addTask {
                            let (data, _) = try await URLSession.shared.data(from: url)
                            return (url, data)
                        }
                    }
                    return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
                }
            }
            """, accept: [["download-thumbnails"]], wrong: ["url-session-data"]),
        NameCase("a coordinator's state change attempts an unlock", file: "PasscodeFlowCoordinator.swift", """
            final class PasscodeFlowCoordinator {
                func configureStateMachine() {
                    stateMachine.addAnyHandler(.any => .any) { [weak self] context in
                        guard let self else { return }
                        switch (context.fromState, context.toState) {
                        case (_, .attemptingFaceUnlock):
                            showPlaceholder()
                            Task { await self.attemptFaceUnlock() }
                        default:
                            break
                        }
                    }
                }
            }
            """, accept: [["passcode-flow-attempt-face-unlock"]], wrong: ["passcode-flow-coordinator-attempt", "passcode-flow-attempt"]),
        NameCase("a test's scenario in the passive voice", file: "JobSchedulerTests.swift", """
            final class JobSchedulerTests: XCTestCase {
                func testJobsWithRaisedPrioritiesGetExecutedFirst() async {
                    for job in queuedJobs {
                        Task(priority: .high) { await job.value }
                    }
                }
            }
            """, accept: [["job-scheduler-raised-priorities-executed-first", "job-scheduler-raised-priorities-executed"]],
            wrong: ["job-scheduler-raised-priorities-get"]),
        NameCase("an app coordinator keeps its kind word, a flow coordinator loses it", file: "AppCoordinator.swift", """
            final class AppCoordinator {
                func applicationWillTerminate() {
                    Task { await userSession.clientProxy.stopSync() }
                }
            }
            final class RoomFlowCoordinator {
                func presentMembers() {
                    Task { await self.startMembersFlow() }
                }
            }
            """, accept: [["app-coordinator-stop-sync"], ["room-flow-start-members", "room-flow-present-members"]],
            wrong: ["app-stop-sync", "room-flow-coordinator-present-members"]),
        NameCase("a property observer applies the new value", file: "FeedViewModel.swift", """
            @MainActor final class FeedViewModel {
                var feed: Feed {
                    didSet {
                        Task { await dataSource.applyFilter(feed.filter) }
                    }
                }
            }
            """, accept: [["feed-apply-filter"]], wrong: ["feed", "feed-feed"]),
        NameCase("a supervisor stores the task that copies a process's output as its logger", file: "ContainerSupervisor.swift", """
            actor ContainerSupervisor {
                func launch(id: String) async throws {
                    try await process.start()
                    state.logger = Task { [log] in
                        for await line in output.lines {
                            log.info("\\(line)")
                            try? logFile.write(line)
                        }
                    }
                }
            }
            """, accept: [["container-supervisor-logger"]], wrong: ["container-supervisor-launch"]),
        NameCase("a context menu saves through a publisher adapted at the end of the chain", file: "GalleryMenuProvider.swift", """
            final class GalleryMenuProvider {
                func contextMenu(for url: URL) -> UIMenu {
                    UIMenu(children: [UIAction(title: Strings.savePhoto) { [weak self] _ in
                        Task { @MainActor in
                            do {
                                try await self?.photoLibrary.save(imageAt: url).singleOutput()
                            } catch {
                                self?.present(error)
                            }
                        }
                    }])
                }
            }
            """, accept: [["gallery-menu-provider-save", "gallery-menu-provider-save-photo-library"]],
            wrong: ["gallery-menu-provider-single-output"]),
        NameCase("a test child runs its reads on a thread of their own", file: "RepositoryTests.swift", """
            final class RepositoryTests: XCTestCase {
                func testParallelReads() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<10 {
                            group.addTask { try await Task.detachNewThread { try repository.readTags() } }
                        }
                    }
                }
            }
            """, accept: [["repository-parallel-reads", "repository-read-tags"]], wrong: ["repository-detach-new-thread"]),
        NameCase("a test scenario with a condition", file: "DaemonRecoveryTests.swift", """
            final class DaemonRecoveryTests: XCTestCase {
                func testRestartDaemonIfItStopsAnsweringRequests() async throws {
                    await Task.detached { await orLog("waiting") { try await waitForTermination() } }.value
                }
            }
            """, accept: [["daemon-recovery-wait-for-termination", "daemon-recovery-restart-daemon"]], wrong: ["daemon-recovery-restart-daemon-it"]),
        NameCase("a view model's initializer loads rules through a publisher with a timeout", file: "ComplaintViewModel.swift", """
            @MainActor final class ComplaintViewModel {
                init(api: APIService, domain: String) {
                    Task { @MainActor in
                        do {
                            let response = try await api.serverRules(domain: domain).timeout(3, scheduler: DispatchQueue.main).singleOutput()
                            rules = response.value
                        } catch {
                            rules = []
                        }
                    }
                }
            }
            """, accept: [["complaint-fetch-server-rules", "complaint-server-rules"]], wrong: ["complaint-timeout", "complaint-single-output"]),
        NameCase("an error view's retry action, titled by localisation keys", file: "BookmarksListView.swift", """
            struct BookmarksListView: View {
                var body: some View {
                    ErrorView(title: "bookmarks.error.title", message: "bookmarks.error.message", buttonTitle: "action.retry") {
                        Task { await fetcher.fetchNewestBookmarks() }
                    }
                }
            }
            """, accept: [["bookmarks-list-fetch-newest-bookmarks", "bookmarks-list-retry", "bookmarks-list-fetch-newest"]],
            wrong: ["bookmarks-list-title", "bookmarks-list-message"]),
        NameCase("a test scenario cut before its clause", file: "UploaderTests.swift", """
            final class UploaderTests: XCTestCase {
                func testUploadCancelledWhileWaitingForCapacityToFreeUp() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await uploader.upload(file) }
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["uploader-upload", "uploader-cancelled-while-waiting-for-capacity", "uploader-cancelled-while-waiting"]],
            wrong: ["uploader-upload-cancelled-while", "uploader-cancelled-while-waiting-capacity-free"]),
        NameCase("a long type name cut to fit never ends on a preposition", file: "DataUsageObserverThroughTunnelSession.swift", """
            final class DataUsageObserverThroughTunnelSession {
                private func refreshUsage() {
                    Task {
                        guard let session = await sessionProvider.activeSession() else { return }
                        await refreshUsage(session: session)
                    }
                }
            }
            """, accept: [["data-usage-observer-refresh", "data-usage-observer-refresh-usage"]], wrong: ["data-usage-observer-through-refresh"]),
        NameCase("a watchdog stored for cancelling", file: "ImageLoader.swift", """
            @MainActor final class ImageLoader {
                private func startLoading() {
                    loadWatchdog?.cancel()
                    loadWatchdog = Task { [weak self] in
                        try? await Task.sleep(for: .seconds(10))
                        self?.markStalled()
                    }
                }
            }
            """, accept: [["image-loader-watchdog", "image-loader-load-watchdog"]], wrong: ["image-loader-sleep"]),
        NameCase("a job runner's task calls a method named work", file: "BatchRunner.swift", """
            final class BatchRunner {
                func start() {
                    Task { await work() }
                }
                private func work() async { await drainQueue() }
            }
            """, accept: [["batch-runner-work", "batch-runner-start"]]),
        NameCase("two tests count computations under a lock", file: "KeyedCacheTests.swift", """
            @Suite struct KeyedCacheTests {
                @Test func concurrentLookupsShareOneComputation() async {
                    await withTaskGroup(of: Int.self) { group in
                        for _ in 0..<20 {
                            group.addTask { await cache.value(for: "k") { counter.withLock { $0 += 1 }; return 1 } }
                        }
                    }
                }
                @Test func concurrentLookupsOfDifferentKeys() async {
                    await withTaskGroup(of: Int.self) { group in
                        for i in 0..<20 {
                            group.addTask { await cache.value(for: i) { counter.withLock { $0 += 1 }; return i } }
                        }
                    }
                }
            }
            """, accept: [["keyed-cache-concurrent-lookups-share-one", "keyed-cache-concurrent-lookups-share", "keyed-cache-lookups-share-one-computation"], ["keyed-cache-concurrent-lookups-of-different-keys", "keyed-cache-concurrent-lookups-different-keys"]],
            wrong: ["keyed-cache-concurrent-lookups-lock", "keyed-cache-concurrent-lock", "keyed-cache-concurrent-lookups-keys",
                    "keyed-cache-concurrent-lookups-different"]),
    ]
}
