import TaskNaming
import Testing
@testable import TaskWardenLint

/// Which names `fix` writes without a person (``DerivedTaskName/isConfident``): read whole from one call the task
/// is, or from the function the task is all of; every other name is proposed for review.
@Suite struct SiteNamingConfidenceTests {
    /// The first task's derived name and whether it is read whole.
    func derived(_ source: String) -> (name: String, isConfident: Bool)? {
        SiteNamingContextTests().context(source).map {
            let derived = TaskNameDerivation().derive($0)
            return (derived.name, derived.isConfident)
        }
    }

    @Test func aOneStatementBodyIsItsCall() {
        let source = """
            final class FeedViewModel {
                func refresh() {
                    loading = true
                    Task { await store.reloadTimeline() }
                }
            }
            """
        #expect(derived(source)?.name == "feed-reload-timeline")
        #expect(derived(source)?.isConfident == true)
    }

    @Test func guardsLocalsLoggingAndDoBlocksAreNotWork() {
        let source = """
            final class FeedViewModel {
                func refresh() {
                    Task {
                        guard let account else { return }
                        logger.debug("refreshing")
                        do {
                            let feed = try await store.reloadTimeline(for: account)
                            self.feed = feed
                        } catch {
                            print(error)
                        }
                    }
                }
            }
            """
        // Two statements in the `do`: the call and the assignment of what it returned; the function is the task.
        #expect(derived(source)?.name == "feed-reload-timeline")
        #expect(derived(source)?.isConfident == true)
    }

    @Test func aBodyThatDoesMoreThanItsCallIsProposed() {
        let source = """
            final class FeedViewModel {
                func refresh() {
                    loading = true
                    Task {
                        await store.reloadTimeline()
                        loading = false
                    }
                }
            }
            """
        #expect(derived(source)?.isConfident == false)
    }

    @Test func aFunctionTheTaskIsAllOfNamesIt() {
        let source = """
            final class FriendsCache {
                func preloadAvatars() {
                    Task {
                        for friend in friends { images[friend.id] = await loader.image(friend.avatarURL) }
                        notify()
                    }
                }
            }
            """
        #expect(derived(source)?.name == "friends-cache-preload-avatars")
        #expect(derived(source)?.isConfident == true)
    }

    @Test func aFunctionTheTaskIsOneStepOfIsProposed() {
        // The funds are sent before the task: `send-funds` would say the task sends them.
        let source = """
            final class TransferViewController {
                func sendFunds() {
                    service.send(amount)
                    Task {
                        await wallet.update()
                        balanceLabel.text = wallet.balance
                    }
                }
            }
            """
        #expect(derived(source)?.isConfident == false)
    }

    @Test func aCallCutOrGluedToOtherWordsIsProposed() {
        let source = """
            final class StopPageActionPresenter {
                func startLiveActivity(for stop: Stop) {
                    Task { await promoteToDynamicIslandWhenTheActivityStarts(activityID: stop.id) }
                }
            }
            """
        let name = derived(source)?.name ?? ""
        #expect(name.count <= 48)
        #expect(derived(source)?.isConfident == false)
    }

    @Test func aStorageOrATitleIsProposed() {
        let stored = """
            final class TrackingMarker {
                func start() {
                    ticker = Task {
                        while !Task.isCancelled { step(); try? await Task.sleep(for: .milliseconds(16)) }
                    }
                }
            }
            """
        #expect(derived(stored)?.isConfident == false)
        let titled = """
            struct SettingsView: View {
                var body: some View {
                    Button("Not set") { Task { await shortcuts.reset(); await shortcuts.save() } }
                }
            }
            """
        #expect(derived(titled)?.isConfident == false)
    }
}

@Suite struct SiteNamingConfidenceWordTests {
    let confidence = SiteNamingConfidenceTests()

    @Test func aQuestionIsProposed() {
        let source = """
            final class AppState {
                func openFile(url: URL) {
                    Task { viewer = await fitsIsCube(url) ? .cube : .image }
                }
            }
            """
        #expect(confidence.derived(source)?.isConfident == false)
    }

    @Test func aDelegatesMomentIsNoQuestion() {
        let source = """
            final class CaptureController {
                func observe() {
                    Task { await handleWillSleep() }
                }
            }
            """
        #expect(confidence.derived(source)?.name == "capture-handle-will-sleep")
        #expect(confidence.derived(source)?.isConfident == true)
    }

    @Test func thePrefixsHeadNounSaidAgainOrUndoneIsProposed() {
        let repeated = """
            final class NotebookCell {
                func run() { Task { await model.runCell() } }
            }
            """
        #expect(confidence.derived(repeated)?.isConfident == false)
        let undone = """
            final class MuteManager {
                func scheduleTimer() {
                    isMuted = true
                    Task { await unmute() }
                }
            }
            """
        #expect(confidence.derived(undone)?.isConfident == false)
        let otherWord = """
            struct MealPlannerView: View {
                var body: some View {
                    Button("Random") { Task { await viewModel.addRandomMeal() } }
                }
            }
            """
        #expect(confidence.derived(otherWord)?.isConfident != nil)
    }

    @Test func aCallOnEachElementOfALoopIsProposed() {
        let source = """
            final class LiveActivities {
                func endStale() {
                    staleCount = 0
                    Task {
                        for activity in Activity<Attributes>.activities { await activity.end(nil) }
                    }
                }
            }
            """
        #expect(confidence.derived(source)?.isConfident == false)
    }
}

@Suite struct SiteNamingConfidencePlaceTests {
    let confidence = SiteNamingConfidenceTests()

    @Test func aCallAmongStatementsOfAWholeFunctionIsProposed() {
        // The function says what the task does (it deletes); its closing call only refreshes the list.
        let source = """
            final class PlaylistInteractor {
                private func deleteAudioFile(audioFile: AudioFile) {
                    Task {
                        do {
                            if let remote = audioFile as? RemoteAudioFile {
                                try await cloudDataService.delete(remote)
                            } else if let local = audioFile as? DownloadedAudioFile {
                                try worker.deleteDownloadedAudioFile(local)
                            }
                            audioFiles.removeAll { $0.id == audioFile.id }
                            presenter.presentAudioFiles()
                        } catch {
                            presenter.presentError(error)
                        }
                    }
                }
            }
            """
        #expect(confidence.derived(source)?.isConfident == false)
    }

    @Test func aLoneVerbOnAnotherObjectIsProposed() {
        let other = """
            struct ProfileView: View {
                var body: some View {
                    List {}.onChange(of: token) { _, _ in Task { await applicationsViewModel.load(token: token) } }
                }
            }
            """
        #expect(confidence.derived(other)?.isConfident == false)
        let own = """
            struct FeedView: View {
                var body: some View {
                    List {}.onChange(of: token) { _, _ in Task { await model.refresh() } }
                }
            }
            """
        #expect(confidence.derived(own)?.name == "feed-refresh")
        #expect(confidence.derived(own)?.isConfident == true)
    }

    @Test func aFunctionThatHandsTheTaskToACallbackIsProposed() {
        let source = """
            final class SignInCoordinator {
                func present() async throws {
                    try await withTaskCancellationHandler {
                        try await waitForCredential()
                    } onCancel: {
                        Task { @MainActor in self.finish(throwing: CancellationError()) }
                    }
                }
            }
            """
        #expect(confidence.derived(source)?.name.hasSuffix("-present") != true || confidence.derived(source)?.isConfident == false)
    }

    @Test func aTaskWordEndsTheNameOnlyOfACallThatMakesATask() {
        // `deleteScheduleTask` deletes the program's own task: without its last word it names another thing.
        let domain = """
            struct TaskContextMenu: View {
                var body: some View {
                    Button("Delete") { Task { await vm.deleteScheduleTask(schedule.id, taskId: task.id) } }
                }
            }
            """
        #expect(confidence.derived(domain)?.isConfident == false)
        let swiftTask = """
            final class FeedViewModel {
                func appear() {
                    Task { await store.startPollingTask() }
                }
            }
            """
        #expect(confidence.derived(swiftTask)?.name == "feed-start-polling")
        #expect(confidence.derived(swiftTask)?.isConfident == true)
    }

    @Test func aFunctionNamedForAnEventIsProposed() {
        // Each says when the task runs, not what it does; `authSucced` is misspelled, a participle no list holds.
        for function in ["sessionExpired", "authSucced", "didFinishLaunching"] {
            let source = """
                final class ValueStore {
                    func \(function)() {
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            self.isApiKeyValid = true
                        }
                    }
                }
                """
            #expect(confidence.derived(source)?.isConfident == false, "\(function)")
        }
        let action = """
            final class ApplicationsModel {
                func sortInstalled() {
                    Task {
                        let sorted = await installed.sorted()
                        self.installed = sorted
                    }
                }
            }
            """
        #expect(confidence.derived(action)?.name == "applications-sort-installed")
        #expect(confidence.derived(action)?.isConfident == true)
    }

    @Test func aCallInsideALoopIsAStepOfTheLoop() {
        // A poller that stops the monitor when the upload is done, and a loader that caches the first image it reads.
        let poller = """
            final class UploadManager {
                private func startCompletionChecker() {
                    checkTask = Task { @MainActor in
                        while !Task.isCancelled {
                            try? await Task.sleep(nanoseconds: 1_000_000_000)
                            if uploadsComplete { exportMonitor.stopMonitoring() }
                        }
                    }
                }
            }
            """
        #expect(confidence.derived(poller)?.isConfident == false)
        let loader = """
            final class ImageCache {
                func loadAsync(urls: [URL]) {
                    Task.detached(priority: .utility) {
                        for url in urls {
                            if let image = NSImage(contentsOf: url) { Self.shared.setImage(image, forKey: url.path); return }
                        }
                    }
                }
            }
            """
        #expect(confidence.derived(loader)?.isConfident == false)
    }

    @Test func aCallAfterALocalThatAwaitsOtherWorkIsNotAllTheTaskDoes() {
        let source = """
            final class MainWindow {
                func receive(_ minutes: Int) {
                    Task {
                        guard let backend = self.backend else { return }
                        let result = await backend.logIntentionTime(minutes: minutes)
                        await MainActor.run {
                            if let hours = result { self.callJS("done(\\(hours))") }
                        }
                    }
                }
            }
            """
        #expect(confidence.derived(source)?.isConfident == false)
        // The same wrapper and branch around the one call the task makes keep it whole.
        let whole = """
            final class FeedViewModel {
                func appear() {
                    Task {
                        await MainActor.run {
                            if isVisible { store.reloadTimeline() }
                        }
                    }
                }
            }
            """
        #expect(confidence.derived(whole)?.name == "feed-reload-timeline")
        #expect(confidence.derived(whole)?.isConfident == true)
        // So does a condition that binds what the call returns, before a branch that only stores it.
        let bound = """
            final class MediaEditor {
                func prepare(url: URL) {
                    isGenerating = true
                    Task {
                        if let description = await generateDescription(url: url) { imageDescription = description }
                    }
                }
            }
            """
        #expect(confidence.derived(bound)?.name == "media-editor-generate-description")
        #expect(confidence.derived(bound)?.isConfident == true)
    }
}
