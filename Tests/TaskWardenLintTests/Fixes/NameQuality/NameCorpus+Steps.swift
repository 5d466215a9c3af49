/// A task that is one step of its function: an event handed to the caller's handler, one direction of a
/// transfer kept in its own storage, a property updated from values worked out on the spot, a save made after
/// the function's own work, a function named by its type's verb that makes many calls, and a test's run of a
/// service whose scenario leaves no room for what runs, and a child that waits out the task it shields.
extension NameCorpus {
    static let steps: [NameCase] = [
        NameCase("an event handed to the caller's handler is told of, not configured", file: "ScrollObserver.swift", """
            final class ScrollObserver {
                private var subscription: AnyCancellable?
                func attach(to scrollView: UIScrollView, onOffsetChange: @escaping @MainActor (CGPoint) -> Void) {
                    subscription = scrollView.publisher(for: \\.contentOffset).sink { offset in
                        Task { @MainActor in onOffsetChange(offset) }
                    }
                }
            }
            """, accept: [["scroll-observer-notify-offset-change"]],
            wrong: ["scroll-observer-attach", "scroll-observer-attach-to"]),
        NameCase("calling a completion handler reports, it names no event", file: "ThumbnailRenderer.swift", """
            final class ThumbnailRenderer {
                func render(_ page: Page, onCompletion: @escaping @MainActor (UIImage?) -> Void) {
                    let image = page.draw()
                    Task { @MainActor in onCompletion(image) }
                }
            }
            """, accept: [["thumbnail-renderer-render"]], wrong: ["thumbnail-renderer-notify-completion"]),
        NameCase("one direction of a pump kept in its own storage is that direction", file: "SocketBridge.swift", """
            actor SocketBridge {
                func forwardSocketToOutput(chunkSize: Int) async throws {
                    while !Task.isCancelled {
                        let receiveTask = Task {
                            try await withCheckedThrowingContinuation { continuation in
                                socket.receive(upTo: chunkSize) { data, error in
                                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
                                }
                            }
                        }
                        let timeoutTask = Task { try await Task.sleep(for: .seconds(3)); receiveTask.cancel() }
                        output.write(try await receiveTask.value)
                        timeoutTask.cancel()
                    }
                }
                func start() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await self.forwardInputToSocket(chunkSize: 512) }
                        group.addTask { try await self.forwardSocketToOutput(chunkSize: 512) }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["socket-bridge-receive"], ["socket-bridge-timeout"],
                          ["socket-bridge-forward-input-to-socket", "socket-bridge-forward-input"], ["socket-bridge-forward-socket-to-output", "socket-bridge-forward-output"]],
            wrong: ["socket-bridge-start", "socket-bridge-forward-socket-to-output-2", "socket-bridge-forward-output-2"]),
        NameCase("a timer's tick updates the property it works out, not the time it reads", file: "UploadMeter.swift", """
            @MainActor final class UploadMeter {
                var fraction = 0.0
                private var ticker: Timer?
                func startTicking(total: Int) {
                    ticker = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
                        Task { @MainActor in
                            let elapsed = Date().timeIntervalSince(self.startDate)
                            self.fraction = min(elapsed / Double(total), 1.0)
                        }
                    }
                }
            }
            """, accept: [["upload-meter-update-fraction"]],
            wrong: ["upload-meter-time-interval", "upload-meter-start-ticking", "upload-meter-min"]),
        NameCase("a save after the function's own work is that save, told apart by where", file: "PlaylistEditor.swift", """
            @MainActor final class PlaylistEditor {
                func rename(_ playlist: Playlist, to title: String) {
                    playlist.title = title
                    Task { await library.savePlaylists() }
                }
                func duplicate(_ playlist: Playlist) {
                    library.playlists.append(playlist.copy())
                    Task { await library.savePlaylists() }
                }
            }
            """, accept: [["playlist-editor-save-playlists-in-rename", "playlist-editor-save-playlists"],
                          ["playlist-editor-save-playlists-in-duplicate", "playlist-editor-save-playlists"]],
            wrong: ["playlist-editor-rename", "playlist-editor-duplicate", "playlist-editor-save-playlists-2"]),
        NameCase("a function its type's verb names keeps that verb over the first of many steps", file: "HelpOpener.swift", """
            enum HelpOpener {
                @MainActor static func openHelp(topic: String) {
                    Task { @MainActor in
                        try? await Task.sleep(for: .milliseconds(50))
                        NSApp.activate(ignoringOtherApps: true)
                        if let window = findHelpWindow() {
                            window.center()
                            window.makeKeyAndOrderFront(nil)
                        }
                        NotificationCenter.default.post(name: .helpTopicRequested, object: topic)
                    }
                }
            }
            """, accept: [["help-opener-open"]], wrong: ["help-opener-find-help-window", "help-opener-center"]),
        NameCase("a test's run of a service says its test where the part does not fit after it", file: "CacheIntegrationTests.swift", """
            final class CacheIntegrationTests: XCTestCase {
                func testIncrementCounter() async throws {
                    let connection = CacheConnection(host: "localhost", port: 6379)
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await connection.run() }
                        try await connection.set("hits", value: 1)
                        try await connection.increment("hits", amount: 2)
                        XCTAssertEqual(try await connection.get("hits"), 3)
                        group.cancelAll()
                    }
                }

                func testDecrementCounter() async throws {
                    let connection = CacheConnection(host: "localhost", port: 6379)
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await connection.run() }
                        try await connection.set("hits", value: 5)
                        try await connection.decrement("hits", amount: 2)
                        XCTAssertEqual(try await connection.get("hits"), 3)
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["cache-integration-increment-counter-run"], ["cache-integration-decrement-counter-run"]],
            wrong: ["cache-integration-run-connection", "cache-integration-run-connection-2"]),
        NameCase("a child that waits out the task it shields from cancellation is that wait", file: "StreamSupervisor.swift", """
            actor StreamSupervisor {
                func runUntilStopped(_ server: StreamServer, _ relay: EventRelay) async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            try await Task {
                                try await server.run()
                            }.value
                        }
                        group.addTask {
                            try await Task {
                                do {
                                    try await relay.forwardEvents()
                                } catch {
                                    logger.warning("relay stopped: \\(error)")
                                    throw error
                                }
                            }.value
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["stream-supervisor-await-run-server"], ["stream-supervisor-run-server"],
                          ["stream-supervisor-await-forward-events"], ["stream-supervisor-forward-events"]],
            wrong: ["stream-supervisor-run-until-stopped", "stream-supervisor-run-until-stopped-2"]),
        NameCase("a moment's place would read as garble after the call: the moment names it", file: "RoomListCoordinator.swift", """
            @MainActor final class RoomListCoordinator {
                func onSelectRoom(roomId: String) {
                    Task { await showRoom(roomId: roomId) }
                }
                func onRoomJoined(roomId: String) {
                    Task { await showRoom(roomId: roomId, animated: false) }
                }
                private func showRoom(roomId: String, animated: Bool = true) async {
                    await router.push(.room(roomId), animated: animated)
                }
            }
            """, accept: [["room-list-on-select-room", "room-list-show-room-on-select"], ["room-list-on-joined", "room-list-on-room-joined", "room-list-show-room-on-joined"]],
            wrong: ["room-list-show-in-on-select", "room-list-show-in-on-joined"]),
        NameCase("a hollow call gives way to the function that says what it handles", file: "AvatarPickerModel.swift", """
            @MainActor final class AvatarPickerModel {
                func removeAvatar() {
                    Task { await uploadService.handleAvatarAction(profileId: profileId, action: .remove) }
                }
                func uploadAvatar(_ image: UIImage) {
                    Task { await uploadService.handleAvatarAction(profileId: profileId, action: .upload(image)) }
                }
            }
            """, accept: [["avatar-picker-remove", "avatar-picker-remove-avatar"], ["avatar-picker-upload", "avatar-picker-upload-avatar"]],
            wrong: ["avatar-picker-handle-action-in-remove", "avatar-picker-handle-action-in-upload"]),
            NameCase("a task started inside the function's task is a step, named for its call", file: "TransferViewController.swift", """
            final class TransferViewController {
                func sendFunds() {
                    Task {
                        let transaction = try await walletService.createTransaction(amount: amount)
                        try await walletService.sendTransaction(transaction)
                        Task {
                            await service.update()
                        }
                        dialogService.showSuccess()
                    }
                }
            }
            """, accept: [["transfer-send-funds"], ["transfer-update-service"]],
            wrong: ["transfer-send-funds-create-transaction", "transfer-send-funds-2", "transfer-update"]),
]
}
