import Testing
import TaskNaming

@Suite struct TaskNameDerivationTests {
    let derivation = TaskNameDerivation()

    func name(
        _ path: String, anchors: [TaskNameContext.Anchor] = [], operation: String? = nil,
        viewContent: Bool = false, kind: String? = nil
    ) -> String {
        derivation.derive(TaskNameContext(
            declarationPath: DeclarationPath(parsing: path), anchors: anchors, operation: operation,
            kindWord: kind, isViewContent: viewContent
        )).name
    }

    @Test func typeAndFunctionMakePrefixAndPurpose() {
        #expect(name("AlbumDetailViewModel.loadTracks(for:)") == "album-detail-load-tracks")
        // 43 characters, within the limit: the function's name stays whole, its object included.
        #expect(name("CloudSyncMonitor.scheduleReconcileRetry()") == "cloud-sync-monitor-schedule-reconcile-retry")
        // Over the limit, the purpose gives up its last words; the type's prefix stays whole, as at every other
        // site of the type.
        #expect(name("CloudSyncMonitor.scheduleReconcileRetryAfterBackoffWindow()")
            == "cloud-sync-monitor-schedule-reconcile-retry")
    }

    @Test(arguments: [
        ("PriceService.refresh()", "price-refresh"),
        ("WantlistManager.refresh()", "wantlist-refresh"),
        ("ThumbnailController.prefetch()", "thumbnail-prefetch"),
        ("SettingsView.save()", "settings-save"),
        ("AlbumListViewController.reload()", "album-list-reload"),
    ])
    func noiseSuffixesAreRemoved(path: String, expected: String) {
        #expect(name(path) == expected)
    }

    @Test func aFrameworksCapitalsSayOnlyWhoseTheTypeIs() {
        #expect(TypePrefix().stem("NSRegularExpression") == ["regular", "expression"])
        #expect(TypePrefix().stem("UIWindowScene") == ["window", "scene"])
        // One word after them: the capitals keep it from standing alone (`ns-scanner`); `UITests` is a word.
        #expect(TypePrefix().stem("NSScanner") == ["ns", "scanner"])
        #expect(TypePrefix().stem("UITestsNotificationCenter") == ["ui", "tests", "notification", "center"])
        // `XCTestCase` at the end of a test base class goes whole.
        #expect(TypePrefix().stem("ClusterSystemsXCTestCase") == ["cluster", "systems"])
        #expect(TypePrefix().isFrameworkBase("XCTestCase"))
    }

    @Test func aLongTypeNameCutToFitNeverEndsOnAParticiple() {
        #expect(TypePrefix().words(for: ["OrganizationVerifiedDomainsView"]) == ["organization", "domains"])
        #expect(TypePrefix().words(for: ["HomeExploreSuggestedProfileRowView"]) == ["home", "explore", "profile", "row"])
        #expect(TypePrefix().words(for: ["NetworkProtectionSubscriptionEventHandler"])
            == ["network", "protection"])
    }

    @Test func staticCallsKeepTheirType() {
        #expect(name("RecordShelfApp.init()", operation: "AuthIdentity.load") == "record-shelf-app-auth-identity-load")
        #expect(name("Library.init()", operation: "PriceService.refresh") == "library-price-refresh")
    }

    @Test func namesDoNotEndInAPreposition() {
        #expect(name("QuickLookItem.localPathFor(_:)") == "quick-look-item-local-path")
        #expect(name("ListEditor.addAccountTo(_:)") == "list-editor-add-account")
        // Particles that finish a verb stay: sign-in, log-in.
        #expect(name("AddAccountView.signIn()") == "add-account-sign-in")
    }

    @Test func anAdjectiveAndItsNounShareAStem() {
        #expect(WordStems.same("concurrent", "concurrency"))
        #expect(WordStems.same("persistence", "persistent"))
        #expect(WordStems.same("importance", "important"))
        #expect(!WordStems.same("agent", "agency"))
        #expect(!WordStems.same("event", "evenly"))
        // Words outside printable ASCII take the other path to the same answer.
        #expect(WordStems.same("concurrént", "concurréncy"))
    }

    @Test func aTypeThatIsOnlyNoiseKeepsItsName() {
        #expect(name("Manager.start()") == "manager-start")
    }

    @Test func wordsThePrefixAlreadySaysAreNotRepeated() {
        #expect(name("AlbumDetailViewModel.loadAlbumDetail()") == "album-detail-load")
    }

    @Test func initializerIsNamedAfterWhatTheTaskDoes() {
        #expect(name("CloudSyncService.init(store:)", operation: "observeChanges") == "cloud-sync-observe-changes")
        // Nothing else to go on: the member itself, never a verb the code does not say (`setup`, `teardown`).
        #expect(name("CloudSyncService.init(store:)") == "cloud-sync-init")
        #expect(name("CloudSyncService.deinit") == "cloud-sync-deinit")
    }

    @Test func storageAnchorBeatsOperationInHosts() {
        let anchors = [TaskNameContext.Anchor(.storage, "refreshTask")]
        #expect(name("LibraryViewModel.init()", anchors: anchors, operation: "reload") == "library-refresh")
    }

    @Test func viewBodyUsesTheActionOrOperation() {
        #expect(name("AlbumDetailView.body", anchors: [.init(.action, "onAppear")], operation: "loadTracks",
                     viewContent: true) == "album-detail-load-tracks")
        #expect(name("AlbumDetailView.body", anchors: [.init(.action, "refreshable")], viewContent: true)
                == "album-detail-refreshable")
        #expect(name("WantlistView.body", anchors: [.init(.action, "onAppear")], viewContent: true)
                == "wantlist-appear")
    }

    @Test func lifecycleFunctionsAreHosts() {
        #expect(name("AlbumListViewController.viewDidLoad()", operation: "fetchAlbums") == "album-list-fetch-albums")
        #expect(name("AlbumListViewController.viewDidLoad()") == "album-list-view-did-load")
    }

    @Test func nestedOneWordTypeTakesItsOuterType() {
        #expect(name("PriceService.Cache.evict()") == "price-cache-evict")
        #expect(name("RecordShelf.AlbumDetailViewModel.load()") == "album-detail-load")
        #expect(name("WantlistViewModel.State.Loading.didEnter(from:)") == "wantlist-loading-did-enter")
        #expect(name("RecordShelf.AlbumDetailViewModel.State.reset()") == "album-detail-state-reset")
    }

    @Test func delegateMethodsAreNamedAfterTheirEvent() {
        #expect(name("AlbumListViewController.tableView(_:didSelectRowAt:)") == "album-list-did-select-row")
        // `did` before a participle is no English: the participle says the event.
        #expect(name("ReleaseCellDelegate.releaseCell(_:coverView:playButtonDidPressed:)") == "release-cell-delegate-play-button-pressed")
        // The event after the delegating noun in the base name.
        #expect(name("InAppSafariManager.safariViewControllerDidFinish(_:)") == "in-app-safari-did-finish")
        // Not a delegate shape: the base name stays.
        #expect(name("Library.load(_:from:)") == "library-load")
    }

    @Test func topLevelCodeFallsBackToTheFileName() {
        let derived = derivation.derive(TaskNameContext(declarationPath: DeclarationPath([]), fileName: "Sources/App/main.swift"))
        #expect(derived.name == "main")
        let unnamed = derivation.derive(TaskNameContext(declarationPath: DeclarationPath([])))
        #expect(unnamed.name == "task")
    }

    @Test func namesAreLowercaseKebabAndStartWithALetter() {
        #expect(name("HTTPClient.loadHTMLPage()") == "http-client-load-html-page")
        // `all` says nothing alone; the verb stays even though the exporter's name says its stem.
        #expect(name("Mp3Exporter.export_all()") == "mp3-exporter-export")
        #expect(name("_3DViewer.render()") == "task-3d-viewer-render")
        #expect(name("Café.brew()") == "caf-brew")
    }

    @Test func longNamesAreShortenedByWholeWords() {
        let derived = derivation.derive(TaskNameContext(declarationPath: DeclarationPath(parsing:
            "RecordCollectionSynchronizationCoordinator.reconcilePendingPriceChecksForReleases(_:with:)")))
        #expect(derived.name.count <= derivation.maxLength)
        // The prefix keeps its leading whole words within `maxLength - 20` characters, the same at every site of
        // the type; the purpose is cut before its clause (`for-releases`).
        #expect(derived.name == "record-collection-reconcile-pending-price-checks")
        let tight = TaskNameDerivation(maxLength: 40).derive(TaskNameContext(declarationPath: DeclarationPath(parsing:
            "RecordCollectionSynchronizationCoordinator.reconcilePendingPriceChecksForReleases(_:with:)")))
        #expect(tight.name.count <= 40)
        #expect(tight.name == "record-collection-reconcile-pending")
        let short = TaskNameDerivation(maxLength: 20).derive(TaskNameContext(
            declarationPath: DeclarationPath(parsing: "AlbumDetailViewModel.loadTracks()")))
        #expect(short.name == "album-detail-load")
    }

    @Test func aFunctionTheCallWasPreferredToSaysWhereOnAClash() {
        let own = derivation.derive(TaskNameContext(
            declarationPath: DeclarationPath(parsing: "SketchEvaluator.updateSketch(sketch:)")))
        let caller = derivation.derive(TaskNameContext(
            declarationPath: DeclarationPath(parsing: "SketchEvaluator.show(decoded:)"), operation: "updateSketch"))
        #expect(caller.name == "sketch-evaluator-update-sketch")
        let names = TaskNameUniqueness.assign([own, caller], existing: [])
        // Not `…-update-sketch-show`, not `…-update-sketch-2`, not `…-show` (the task does not show): the
        // function says where.
        #expect(names == ["sketch-evaluator-update-sketch", "sketch-evaluator-update-sketch-in-show"])
        #expect(caller.provenance(of: names[1]) == "only call updateSketch() in SketchEvaluator.show(decoded:)")
        #expect(own.provenance(of: names[0]) == own.provenance)
    }

    @Test func aTestScenarioSaysWhichTestItCameFrom() {
        var context = TaskNameContext(declarationPath: DeclarationPath(parsing: "UploaderTests.testUploadResumesAfterReconnect()"))
        context.isTestMethod = true
        let derived = derivation.derive(context)
        #expect(derived.name == "uploader-resumes-after-reconnect")
        #expect(derived.provenance == "test scenario of UploaderTests.testUploadResumesAfterReconnect()")
    }

    @Test func callsNamedAfterAnEventAreReportedOrHandled() {
        func body(_ call: BodyCall) -> TaskBody { TaskBody(calls: [call], dominant: call, dominance: .onlyCall) }
        let failed = BodyCall(name: "failed", receiver: "ledger", text: "ledger.failed(jobID:error:)")
        #expect(derivation.derive(TaskNameContext(declarationPath: DeclarationPath(parsing: "WorkerLoop.perform(jobID:)"),
                                                  body: body(failed))).name == "worker-loop-report-job-failed")
        let closed = BodyCall(name: "socketClosed", text: "socketClosed()")
        #expect(derivation.derive(TaskNameContext(declarationPath: DeclarationPath(parsing: "Reconnector.channelInactive()"),
                                                  body: body(closed))).name == "reconnector-handle-socket-closed")
        // A verb with a participle for object is an action; a question and a condition are no events.
        for (name, expected) in [("markCompleted", "reconnector-mark-completed"),
                                 ("rekeyIfExpired", "reconnector-rekey-if-expired")] {
            let call = BodyCall(name: name, receiver: "store", text: "store.\(name)()")
            #expect(derivation.derive(TaskNameContext(declarationPath: DeclarationPath(parsing: "Reconnector.run()"),
                                                      body: body(call))).name == expected)
        }
    }

    @Test func aContentViewTakesItsProgramsName() {
        func named(_ file: String) -> String {
            derivation.derive(TaskNameContext(declarationPath: DeclarationPath(parsing: "ContentView.render()"),
                                              fileName: file)).name
        }
        #expect(named("Apps/PosterMakerDemo/ContentView.swift") == "poster-maker-render")
        #expect(named("PosterMaker/Sources/Views/ContentView.swift") == "poster-maker-render")
        // No folder names a program: the type's own word.
        #expect(named("ContentView.swift") == "content-render")
        // A type that says more than which view it is keeps its own prefix.
        #expect(derivation.derive(TaskNameContext(declarationPath: DeclarationPath(parsing: "PosterView.render()"),
                                                  fileName: "Apps/PosterMakerDemo/PosterView.swift")).name == "poster-render")
    }

    @Test func disambiguatorsComeFromContextInOrder() {
        let derived = derivation.derive(TaskNameContext(
            declarationPath: DeclarationPath(parsing: "LibraryViewModel.refresh()"),
            anchors: [.init(.action, "onTapGesture")], operation: "prices", kindWord: "detached"))
        // A one-word call says less than the function: the function names it, the call comes first after.
        #expect(derived.name == "library-refresh")
        #expect(derived.disambiguators == [["prices"], ["on", "tap", "gesture"], ["detached"]])
        #expect(derived.candidate(level: 1) == "library-refresh-prices")
        // One phrase at a time: each level tries the next distinguishing phrase alone.
        #expect(derived.candidate(level: 2) == "library-refresh-on-tap-gesture")
        #expect(derived.candidate(level: 3) == "library-refresh-detached")
    }

    @Test func perItemSitesKeepAFixedPrefix() {
        let derived = derivation.derive(TaskNameContext(
            declarationPath: DeclarationPath(parsing: "WantlistAudit.checkAll(_:)"), operation: "checkPrice",
            isPerItem: true))
        #expect(derived.isPerItem)
        #expect(derived.name == "wantlist-audit-check-price")
        #expect(!derived.name.contains(":"))
    }

    @Test func declarationPathParsing() {
        let path = DeclarationPath(parsing: "Outer<T>.Inner.load(for:using:).body")
        #expect(path.components == [.type("Outer<T>"), .type("Inner"), .function("load(for:using:)"), .property("body")])
        #expect(DeclarationPath(parsing: "A.init(x:)").components == [.type("A"), .initializer])
        #expect(DeclarationPath.baseName("`default`") == "default")
    }

    @Test func splittingIdentifiers() {
        #expect(NameWords.split("loadHTMLPage2x") == ["load", "html", "page2x"])
        #expect(NameWords.split("URLSession") == ["url", "session"])
        #expect(NameWords.split("price_check") == ["price", "check"])
        #expect(NameWords.split("render3DScene") == ["render3", "d", "scene"])
    }

    /// Name derivation and sensitive-word matching share one splitter; these are the two places they differ.
    @Test func nameWordsDropNonASCIIAndKeepDigitWordsWhole() {
        #expect(NameWords.split("cafébar") == ["caf", "bar"])
        #expect(IdentifierWords.split("cafébar") == ["cafébar"])
        #expect(NameWords.split("URLÉtat") == ["url", "tat"])
        #expect(IdentifierWords.split("URLÉtat") == ["url", "état"])
        #expect(NameWords.split("image_4K") == ["image", "4k"])
        #expect(IdentifierWords.split("image_4K") == ["image", "4", "k"])
    }
}

@Suite struct DerivedNamesFollowTheConventionTests {
    static let types = ["AlbumDetailViewModel", "Café", "_3DViewer", "URLSessionManager", "View", "X", "ÜberController",
                        "RecordCollectionSynchronizationCoordinatorService", "Outer<T>", "snake_case_type", "🎵Player"]
    static let members = ["loadTracks(for:)", "init(store:)", "deinit", "body", "viewDidLoad()", "`default`()",
                          "subscript(_:)", "fetchEverythingForTheReleaseWithIdentifierAndPrice(_:_:)", "é()", "_()"]

    @Test(arguments: types)
    func everyDerivedNameIsValidKebabCaseWithinTheLimit(type: String) {
        for member in Self.members {
            for limit in [12, 24, 40] {
                let derived = TaskNameDerivation(maxLength: limit).derive(TaskNameContext(
                    declarationPath: DeclarationPath(parsing: "\(type).\(member)"),
                    anchors: [.init(.title, "Sync Now!"), .init(.action, "onTapGesture")], operation: "AuthIdentity.load",
                    kindWord: "detached"))
                for level in 0...derived.disambiguators.count {
                    let name = derived.candidate(level: level)
                    #expect(TaskNameConvention.problems(in: TaskNameTemplate(literal: name), maximumLength: limit).isEmpty,
                            "\(name) from \(type).\(member)")
                    #expect(name.first?.isLetter == true, "\(name)")
                }
                let numbered = derived.numbered(12)
                #expect(TaskNameConvention.problems(in: TaskNameTemplate(literal: numbered), maximumLength: limit).isEmpty, "\(numbered)")
            }
        }
    }
}
