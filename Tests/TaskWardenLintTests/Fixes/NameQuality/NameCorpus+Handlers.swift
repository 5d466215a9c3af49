/// Handlers and their wording: a URL session's transfer inside a streaming function, a control's `on…Tapped`
/// handler, a dispatcher over an action enum, a term that says its verb twice, and words that say only how a
/// function is reached (`internal…`, `maybe…`, `perform…`), a call made every time, a loop that is the
/// observer, the thing a `schedule…` function schedules, and a service run inside a benchmark function.
extension NameCorpus {
    static let handlers: [NameCase] = [
        NameCase("a URL session's byte stream is how a message streams, not what", file: "AssistantHandler.swift", """
            final class AssistantHandler {
                private var activeStreamTask: Task<Void, Never>?
                func sendMessageStream(_ request: URLRequest) -> AsyncThrowingStream<String, Error> {
                    AsyncThrowingStream { continuation in
                        let streamTask = Task {
                            do {
                                let (stream, _) = try await session.bytes(for: request)
                                for try await line in stream.lines { continuation.yield(line) }
                                continuation.finish()
                            } catch {
                                continuation.finish(throwing: error)
                            }
                        }
                        activeStreamTask = streamTask
                    }
                }
            }
            """, accept: [["assistant-handler-send-message-stream"]],
            wrong: ["assistant-handler-bytes-session", "assistant-handler-stream"]),
        NameCase("a control's on…Tapped handler names the action, not the tap", file: "ReportScreen.swift", """
            struct ReportScreen: View {
                @StateObject var viewModel: ReportViewModel
                var body: some View { Button("Export", action: onExportTapped) }
                private func onExportTapped() {
                    focusedField = nil
                    Task { await viewModel.export(reportFile: file) }
                }
            }
            """, accept: [["report-export", "report-export-file", "report-export-report-file"]],
            wrong: ["report-on-export-tapped", "report-on-tapped"]),
        NameCase("a dispatcher over an action enum names no work; its cases do", file: "PlayerCommands.swift", """
            final class PlayerCommands {
                func handlePlaybackMenuAction(_ action: PlaybackMenuAction) {
                    switch action {
                    case .skip:
                        Task { await playbackController.skip() }
                    case .bookmark(let position):
                        Task { await playbackController.bookmark(position: position) }
                    }
                }
            }
            """, accept: [["player-commands-skip"], ["player-commands-bookmark", "player-commands-bookmark-position"]],
            wrong: ["player-commands-handle-playback-menu-action-skip",
                    "player-commands-playback-menu-action-bookmark"]),
        NameCase("a term with `to` says its verb twice, and ending the old inside an adopt is an end",
                 file: "SessionRenewer.swift", """
            final class SessionRenewer {
                func startPushToStartTokenObservation() {
                    tokenTask = Task {
                        for await token in Session.pushToStartTokenUpdates { store(token) }
                    }
                }
                func adoptReplacementSession(_ replacement: Session) {
                    let previousSession = current
                    current = replacement
                    Task { await previousSession.end() }
                }
            }
            """, accept: [["session-renewer-observe-push-to-start-token", "session-renewer-start-push-to-start-token"],
                          ["session-renewer-end-previous-session"]],
            wrong: ["session-renewer-start-push-to-token-observation", "session-renewer-adopt-replacement-session"]),
        NameCase("words that say how a function is reached or whether it acts", file: "TelemetryService.swift", """
            final class TelemetryService {
                private func internalSendReport(_ report: Report) async { await uploader.upload(report) }
                func consentGranted() {
                    Task { await TelemetryClient.maybeSend() }
                }
                func performScheduledRestart() {
                    Task { await restartCollectors() ; await flushBuffers() }
                }
                func send(_ report: Report) {
                    Task { await internalSendReport(report) }
                }
            }
            """, accept: [["telemetry-client-send", "telemetry-send"], ["telemetry-scheduled-restart"],
                          ["telemetry-send-report"]],
            wrong: ["telemetry-maybe-send", "telemetry-perform-scheduled-restart", "telemetry-internal-send-report"]),
        NameCase("a call made every time over one made only sometimes, and a loop that is the observer",
                 file: "GatewayListener.swift", """
            final class GatewayListener {
                func run() async {
                    await withDiscardingTaskGroup { group in
                        for await event in await gateway.events {
                            group.addTask {
                                if case .ready = event.data {
                                    await self.afterConnect()
                                }
                                await EventHandler(event: event, context: self.context).handleAsync()
                            }
                        }
                    }
                }
                func attachStateObserver(to session: Session) {
                    stateTask = Task {
                        for await state in session.stateUpdates { record(state) }
                    }
                }
            }
            """, accept: [["gateway-listener-handle-event"], ["gateway-listener-observe-state"]],
            wrong: ["gateway-listener-after-connect", "gateway-listener-handle",
                    "gateway-listener-attach-state-observer"]),
        NameCase("the task a schedule… function makes is the thing it schedules", file: "ChartCanvas.swift", """
            final class ChartCanvas {
                private var inspectHoldTask: Task<Void, Never>?
                private func scheduleInspectHold() {
                    inspectHoldTask?.cancel()
                    inspectHoldTask = Task { @MainActor in
                        try? await Task.sleep(for: .milliseconds(400))
                        guard !Task.isCancelled else { return }
                        isInspecting = true
                    }
                }
            }
            """, accept: [["chart-canvas-inspect-hold"]],
            wrong: ["chart-canvas-schedule-inspect-hold"]),
        NameCase("a benchmark function's child runs the connection the benchmark uses", file: "Benchmarks.swift", """
            func runDeleteRequest(iterations: Int, group: EventLoopGroup) async throws {
                let connection = CacheConnection(host: "localhost", port: 11211, eventLoopGroup: group)
                try await withThrowingTaskGroup(of: Void.self) { taskGroup in
                    taskGroup.addTask { try await connection.run() }
                    for index in 0..<iterations { try await connection.delete("key") }
                    taskGroup.cancelAll()
                }
            }
            """, accept: [["delete-request-run-connection", "benchmarks-delete-request-run-connection"]],
            wrong: ["benchmarks-run-delete-request", "run-delete-request-run-connection", "run-delete-request"]),
    ]
}
