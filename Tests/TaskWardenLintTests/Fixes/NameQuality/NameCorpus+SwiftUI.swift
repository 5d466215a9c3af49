/// SwiftUI views: modifiers, buttons, bindings and the view's own properties.
extension NameCorpus {
    static let swiftUI: [NameCase] = [
        NameCase("onAppear loads", file: "WantlistView.swift", """
            struct WantlistView: View {
                var body: some View {
                    List {}.onAppear { Task { await model.loadWantlist() } }
                }
            }
            """, accept: [["wantlist-load"]], wrong: ["wantlist-appear", "wantlist-body"]),
        NameCase("a detached task inside the task modifier is named by its work", file: "CoverView.swift", """
            struct CoverView: View {
                var body: some View {
                    Image(systemName: "photo").task {
                        let task = Task.detached { await artwork.decodedThumbnail() }
                        thumbnail = await task.value
                    }
                }
            }
            """, accept: [["cover-decoded-thumbnail", "cover-decode-thumbnail"]], wrong: ["cover-task"]),
        NameCase("a function's name cut to one word is no place", file: "EditPlaylistView.swift", """
            struct EditPlaylistView: View {
                private var tracksSection: some View {
                    Section("Tracks") {
                        ForEach(tracks) { track in
                            Button {
                                Task { await deleteTrack(track) }
                            } label: {
                                Image(systemName: "minus.circle")
                            }
                        }
                        .onDelete { offsets in
                            if let index = offsets.first {
                                let track = tracks[index]
                                Task { await deleteTrack(track) }
                            }
                        }
                    }
                }
            }
            """, accept: [["edit-playlist-delete-track-button"], ["edit-playlist-delete-track"]],
            wrong: ["edit-playlist-delete-track-in-section"]),
        NameCase("refreshable refreshes", file: "PricesView.swift", """
            struct PricesView: View {
                var body: some View {
                    List {}.refreshable { Task { await model.refreshPrices() } }
                }
            }
            """, accept: [["prices-refresh"]], wrong: ["prices-refreshable"]),
        NameCase("a button's title says what it starts", file: "SyncView.swift", """
            struct SyncStatusView: View {
                var body: some View {
                    Button("Sync Now") { Task { await sync.start() } }
                }
            }
            """, accept: [["sync-status-sync-now", "sync-status-start-sync"]], wrong: ["sync-status-body"]),
        NameCase("a call that refines the button's title", file: "EditAccountView.swift", """
            struct EditAccountView: View {
                private var imagesSection: some View {
                    Button("account.edit.header.delete", role: .destructive) {
                        Task { await viewModel.deleteHeader() }
                    }
                }
            }
            """, accept: [["edit-account-delete-header"]], wrong: ["edit-account-images-section"]),
        NameCase("a menu button posting an endpoint", file: "AccountMenu.swift", """
            struct AccountMenu: View {
                var body: some View {
                    Button {
                        Task { try await client.post(endpoint: Accounts.unblock(id: account.id)) }
                    } label: {
                        Label("account.action.unblock", systemImage: "lock.open")
                    }
                }
            }
            """, accept: [["account-menu-post-unblock", "account-menu-unblock"]]),
        NameCase("an image-only button is not named after its image", file: "HomeMessageView.swift", """
            struct HomeMessageView: View {
                private var closeButton: some View {
                    Button {
                        Task { await viewModel.onDidClose(.close) }
                    } label: {
                        Image("Close-24")
                    }
                }
            }
            """, accept: [["home-message-did-close", "home-message-close"]], wrong: ["home-message-close-24"]),
        NameCase("onChange twins told apart by what they watch", file: "ListEditView.swift", """
            struct ListEditView: View {
                var body: some View {
                    Form {}
                        .onChange(of: viewModel.isExclusive) { _, _ in Task { await viewModel.update() } }
                        .onChange(of: viewModel.repliesPolicy) { _, _ in Task { await viewModel.update() } }
                }
            }
            """, accept: [["list-edit-update-is-exclusive", "list-edit-update-exclusive"],
                          ["list-edit-update-replies-policy"]],
            wrong: ["list-edit-update-2", "list-edit-update-change"]),
        NameCase("pickers told apart by their titles", file: "PolicyView.swift", """
            struct PolicyView: View {
                var body: some View {
                    Picker(selection: .init(get: { policy.forFollowers }, set: { value in
                        policy.forFollowers = value
                        Task { await updatePolicy() }
                    })) { menu } label: { makeLabel(title: "policy.followers") }
                    Picker(selection: .init(get: { policy.forMentions }, set: { value in
                        policy.forMentions = value
                        Task { await updatePolicy() }
                    })) { menu } label: { makeLabel(title: "policy.mentions") }
                }
            }
            """, accept: [["policy-followers", "policy-update-followers"], ["policy-mentions", "policy-update-mentions"]],
            wrong: ["policy-update-2", "policy-set"]),
        NameCase("a save on submit and a save button", file: "EditFilterView.swift", """
            struct EditFilterView: View {
                var body: some View {
                    TextField("title", text: $title).onSubmit { Task { await saveFilter(client) } }
                    Button("filter.save") { Task { await saveFilter(client) } }
                }
            }
            """, accept: [["edit-filter-save-on-submit"], ["edit-filter-save", "edit-filter-save-button"]],
            wrong: ["edit-filter-save-2"]),
        NameCase("a button in a view property", file: "CredentialsSharingView.swift", """
            struct CredentialsSharingView: View {
                private var retryButton: some View {
                    Button { Task { await viewModel.retrySharing() } } label: { Text(verbatim: L10n.retry) }
                }
            }
            """, accept: [["credentials-sharing-retry-sharing", "credentials-sharing-retry"]],
            wrong: ["credentials-sharing-retry-button-button"]),
        NameCase("per-item buttons in a ForEach", file: "ShelfView.swift", """
            struct ShelfView: View {
                var body: some View {
                    ForEach(records) { record in
                        Button(record.title) { Task { await model.play(record) } }
                    }
                }
            }
            """, accept: [["shelf-play"]]),
        NameCase("a toolbar refresh button", file: "RateLimitView.swift", """
            struct RateLimitView: View {
                var body: some View {
                    List {}.toolbar {
                        ToolbarItem(placement: .primaryAction) {
                            Button { Task { await viewModel.refresh() } } label: { Image(systemName: "arrow.clockwise") }
                        }
                    }
                }
            }
            """, accept: [["rate-limit-refresh"]], wrong: ["rate-limit-toolbar-item"]),
        NameCase("a pin or unpin button is named for both", file: "StatusContextMenu.swift", """
            struct StatusContextMenu: View {
                var body: some View {
                    Button {
                        Task { if viewModel.isPinned { await viewModel.unpin() } else { await viewModel.pin() } }
                    } label: { Label(viewModel.isPinned ? "unpin" : "pin", systemImage: "pin") }
                }
            }
            """, accept: [["status-context-menu-unpin-or-pin"]],
            wrong: ["status-context-menu-pin", "status-context-menu-unpin", "status-context-menu-button"]),
        NameCase("a menu whose title shows a busy status names the action", file: "ChangesCommitView.swift", """
            struct ChangesCommitView: View {
                var body: some View {
                    Menu(isSaving ? "Saving..." : "Save") {
                        Button("Discard") { Task { await store.discard() } }
                    } primaryAction: {
                        Task { isSaving = true; try await store.save(draft); isSaving = false }
                    }
                }
            }
            """, accept: [["changes-commit-discard"], ["changes-commit-save"]],
            wrong: ["changes-commit-saving-or-save", "changes-commit-primary-action"]),
        NameCase("onReceive reloads after a notification", file: "RemindersAddView.swift", """
            struct RemindersAddView: View {
                var body: some View {
                    List {}.onReceive(NotificationCenter.default.publisher(for: .didFinishUpdate)) { _ in
                        Task { await viewModel.load() }
                    }
                }
            }
            """, accept: [["reminders-add-load"]], wrong: ["reminders-add-receive"]),
        NameCase("a view modifier that runs a stored action", file: "AsyncTaskModifier.swift", """
            struct AsyncTaskModifier: ViewModifier {
                let action: @Sendable () async -> Void
                @State private var task: Task<Void, Never>?
                func body(content: Content) -> some View {
                    content.onAppear { task = Task { await action() } }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["async-task-modifier-action"]),
        NameCase("one load on appear and again when a setting changes", file: "FeedView.swift", """
            struct FeedView: View {
                var body: some View {
                    List(items) { item in Row(item) }
                        .onAppear { Task { await loadEntries() } }
                        .onChange(of: settings.account) { _, _ in
                            entries = []
                            Task { await loadEntries() }
                        }
                }
            }
            """, accept: [["feed-load-entries-on-appear"], ["feed-load-entries-on-change", "feed-load-entries-on-account-change"]],
            wrong: ["feed-load-entries-appear", "feed-load-entries-change"]),
        NameCase("one toggle in two slots of a card, inside a scroll view reader", file: "PodcastEpisodeView.swift", """
            struct PodcastEpisodeView: View {
                var body: some View {
                    ScrollViewReader { proxy in
                        EpisodeCard(
                            onToggleCompletion: { Task { await toggleListeningCompletion() } },
                            secondaryContent: {
                                ProgressRow(onToggleCompletion: { Task { await toggleListeningCompletion() } })
                            }
                        )
                    }
                }
            }
            """, accept: [["podcast-episode-toggle-listening-completion"], ["podcast-episode-toggle-listening-completion-2"]],
            wrong: ["podcast-episode-toggle-listening-scroll-view", "podcast-episode-secondary-content"]),
        NameCase("a save in a toolbar item and a save button", file: "PlaylistEditorView.swift", """
            struct PlaylistEditorView: View {
                var body: some View {
                    Form { nameField }
                        .toolbar {
                            ToolbarItem(placement: .confirmationAction) {
                                Button("Save") { Task { await viewModel.savePlaylist() } }
                            }
                        }
                    Button("Save") { Task { await viewModel.savePlaylist() } }
                }
            }
            """, accept: [["playlist-editor-save", "playlist-editor-save-playlist"], ["playlist-editor-save-button"]],
            wrong: ["playlist-editor-save-toolbar-item"]),
        NameCase("a refresh button that asks for what the screen shows", file: "TrailsMapScreen.swift", """
            struct TrailsMapScreen: View {
                var body: some View {
                    Map()
                        .toolbar {
                            Button {
                                Task { await askForTrails(refresh: true) }
                            } label: { Image(systemName: "arrow.clockwise") }
                        }
                }
            }
            """, accept: [["trails-map-ask-for-trails"]], wrong: ["trails-map-ask"]),
        NameCase("a button that asks the view model for another suggestion", file: "SuggestRecipeView.swift", """
            struct SuggestRecipeView: View {
                var body: some View {
                    Button("Another") { Task { await viewModel.suggestAnother() } }
                }
            }
            """, accept: [["suggest-recipe-suggest-another"]], wrong: ["suggest-recipe-another"]),
        NameCase("a view model's verb whose label names its object", file: "PostDetailView.swift", """
            struct PostDetailView: View {
                var body: some View {
                    Button("Post") { Task { await viewModel.add(comment: draft, for: post) } }
                }
            }
            """, accept: [["post-detail-add-comment"]], wrong: ["post-detail-add"]),
        NameCase("a type named up to a preposition", file: "CommentListFor.swift", """
            struct CommentListFor: View {
                var body: some View {
                    Button("Post") { Task { await viewModel.add(comment: draft, for: post) } }
                }
            }
            """, accept: [["comment-list-post", "comment-list-add-comment"]], wrong: ["comment-list-for-post", "comment-list-for-add"]),
        NameCase("a submit on a view model kept as vm", file: "NewPlaylistView.swift", """
            struct NewPlaylistView: View {
                @StateObject private var vm = NewPlaylistVM()
                var body: some View {
                    Form { nameField }
                        .onSubmit { Task { await vm.submit() } }
                }
            }
            """, accept: [["new-playlist-submit"]], wrong: ["new-playlist-submit-vm"]),
    ]
}
