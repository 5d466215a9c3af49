import Testing
@testable import TaskWardenLint

/// Shapes from a blind sample of names on unseen code, each written here in code of its own: a body's one call
/// beats the function's verb it contradicts; logging and timing never name a task; a `with…` wrapper is looked
/// through; a task that only assigns a property is named after it; a `defer` in the task and the `addTask` of its
/// children are neither its work nor its words; a
/// timeout child is named by what it throws, and a future adapter by the call it adapts.
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
        NameCase("a task's defer closes what its loop writes", file: "ConsoleMirror.swift", """
            final class ConsoleMirror {
                init(output: OutputStream, log: FileHandle) {
                    mirror = Task {
                        defer { try? log.close() }
                        for await line in output.lines {
                            log.write(line)
                        }
                    }
                }
            }
            """, accept: [["console-mirror-write", "console-mirror-write-lines", "console-mirror-mirror"]],
            wrong: ["console-mirror-close-log", "console-mirror-close"]),
        NameCase("a stored task whose group's children pipe the logs, closed in a defer", file: "BootService.swift", """
            actor BootService {
                func boot(id: String) async throws {
                    let handles = try await client.logs(id: id)
                    let bootLog = try FileHandle(forWritingTo: bundle.bootLog)
                    state.logger = Task<Void, Never> { [handles] in
                        defer {
                            try? handles[0].close()
                            try? bootLog.close()
                        }
                        await withTaskGroup(of: Void.self) { group in
                            for handle in handles {
                                group.addTask { await Self.pipeFile(from: handle, to: bootLog) }
                            }
                        }
                    }
                }
            }
            """, accept: [["boot-logger", "boot-logger-pipe-files"], ["boot-logger-pipe-file", "boot-pipe-file"]],
            wrong: ["boot-logger-close", "boot-logger-add-group"]),
        NameCase("a group over zipped pairs, its handles closed in a defer", file: "LogCopier.swift", """
            final class LogCopier {
                func attach(_ sources: [FileHandle], to sinks: [FileHandle]) {
                    state.copier = Task {
                        defer {
                            for handle in sources + sinks { try? handle.close() }
                        }
                        await withTaskGroup(of: Void.self) { group in
                            for (source, sink) in zip(sources, sinks) {
                                group.addTask { await Self.pipe(from: source, to: sink) }
                            }
                        }
                    }
                }
            }
            """, accept: [["log-copier-attach", "log-copier-copier"], ["log-copier-attach-pipe", "log-copier-pipe"]],
            wrong: ["log-copier-attach-zip", "log-copier-attach-close-handle", "log-copier-add-group"]),
        NameCase("a request raced against a timeout child; the write's future adapted", file: "WireClient.swift", """
            public struct WireClient {
                public func execute(_ request: Request) async throws -> Response {
                    let channel = try await connect()
                    return try await withThrowingTaskGroup(of: Response.self) { group in
                        group.addTask {
                            try await Task.sleep(for: self.timeout)
                            throw WireError.readTimeout
                        }
                        group.addTask {
                            let promise = self.eventLoop.makePromise(of: Response.self)
                            try await channel.writeAndFlush(Exchange(request, promise)).flatMapErrorThrowing { error in
                                promise.fail(error)
                            }.get()
                            return try await promise.futureResult.get()
                        }
                        let response = try await group.next()!
                        group.cancelAll()
                        return response
                    }
                }
            }
            """, accept: [["wire-client-read-timeout"], ["wire-client-write-and-flush", "wire-client-execute"]],
            wrong: ["wire-client-sleep", "wire-client-flat-map-error-throwing"]),
    ]
}
