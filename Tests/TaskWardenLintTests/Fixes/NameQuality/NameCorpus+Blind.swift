import Testing
@testable import TaskWardenLint

/// Shapes from a blind sample of names on unseen code, each written here in code of its own: a body's one call
/// beats the function's verb it contradicts; logging and timing never name a task; a `with…` wrapper is looked
/// through; a task that only assigns a property is named after it.
extension NameCorpus {
    static let blind: [NameCase] = [
        NameCase("a subscribe's cleanup task unsubscribes", file: "Connection.swift", """
            actor Connection {
                func _subscribe(command: SubscribeCommand, process: @escaping (Message) -> Void) async throws {
                    let id = nextID()
                    subscriptions[id] = process
                    do {
                        try await send(command)
                    } catch {
                        _ = await Task { try await unsubscribe(id: id) }.result
                        throw error
                    }
                }
            }
            """, accept: [["connection-unsubscribe"]], wrong: ["connection-subscribe"]),
        NameCase("a benchmark child consumes messages and logs", file: "FanOutBenchmark.swift", """
            struct FanOutBenchmark {
                func runFanOut(subscribers: Int, total: Int) async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for index in 0..<subscribers {
                            group.addTask {
                                var received = 0
                                for try await _ in bus.messages {
                                    received += 1
                                    if received == total { break }
                                }
                                benchLog("subscriber \\(index) received \\(received)")
                            }
                        }
                        try await group.waitForAll()
                    }
                }
            }
            """, accept: [["fan-out-consume-messages", "fan-out-run-fan-out", "fan-out-benchmark-consume-messages",
                           "fan-out-benchmark-run", "fan-out-benchmark-run-fan-out"]],
            wrong: ["fan-out-bench-log", "fan-out-benchmark-bench-log", "fan-out-benchmark-log"]),
        NameCase("a detached render switches over kinds and records its frame time", file: "Renderer.swift", """
            final class Renderer {
                func render() {
                    Task.detached(priority: .userInitiated) { [configuration] in
                        let result: Image
                        switch configuration.kind {
                        case .cpu: result = renderCPU(configuration: configuration)
                        case .metal: result = renderMetal(configuration: configuration)
                        }
                        recordFrameTime()
                        await MainActor.run { self.image = result }
                    }
                }
            }
            """, accept: [["renderer-render", "renderer"]], wrong: ["renderer-record-frame-time"]),
        NameCase("a group child subscribes inside a scoped connection", file: "EventFeed.swift", """
            final class EventFeed {
                func streamEvents() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            try await client.withConnection { connection in
                                try await connection.subscribe(to: "x") { subscription in
                                    for try await message in subscription { events.yield(message) }
                                }
                            }
                        }
                        try await group.next()
                    }
                }
            }
            """, accept: [["event-feed-subscribe", "event-feed-stream-events"]],
            wrong: ["event-feed-with-connection", "event-feed-connection", "event-feed-subscribe-connection"]),
        NameCase("a load's progress callback publishes the download progress", file: "MLXService.swift", """
            @Observable final class MLXService {
                var modelDownloadProgress: Progress?
                func load(model: ModelConfiguration) async throws -> ModelContainer {
                    let container = try await LLMModelFactory.shared.loadContainer(configuration: model) { progress in
                        Task { @MainActor in
                            self.modelDownloadProgress = progress
                        }
                    }
                    return container
                }
            }
            """, accept: [["mlx-update-model-download-progress", "mlx-load-model-download-progress"]], wrong: ["mlx-load"]),
        NameCase("logging in is work, not logging", file: "SessionViewModel.swift", """
            final class SessionViewModel {
                func handle(_ action: Action) {
                    Task { await logIn(username: username) }
                }
            }
            """, accept: [["session-log-in"]], wrong: ["session-handle"]),
    ]
}
