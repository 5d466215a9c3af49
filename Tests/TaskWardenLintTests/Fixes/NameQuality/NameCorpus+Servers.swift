/// Servers, clients and actors: connection loops, task groups, timers, long-lived loops.
extension NameCorpus {
    static let servers: [NameCase] = [
        NameCase("a child per accepted connection", file: "HTTPServer.swift", """
            struct HTTPServer {
                func run() async throws {
                    try await withThrowingDiscardingTaskGroup { group in
                        for try await client in listener.inbound {
                            group.addTask { await self.handle(client: client) }
                        }
                    }
                }
            }
            """, accept: [["http-server-handle", "http-server-handle-client"]], wrong: ["http-server-run"]),
        NameCase("a WebSocket read loop", file: "WebSocketConnection.swift", """
            final class WebSocketConnection {
                func handleUpgrade(_ channel: Channel) {
                    Task {
                        for try await frame in channel.inbound { await self.dispatch(frame) }
                        try await channel.close()
                    }
                }
            }
            """, accept: [["web-socket-connection-dispatch", "web-socket-connection-handle-upgrade"]],
            wrong: ["web-socket-connection-handle-execute-then-close", "web-socket-connection-close"]),
        NameCase("per-request children of a load client", file: "LoadClient.swift", """
            struct LoadClient {
                func run() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for number in 0..<count {
                            group.addTask { try await self.sendRequest(number: number) }
                        }
                        try await group.waitForAll()
                    }
                }
            }
            """, accept: [["load-client-send-request"]], wrong: ["load-client-run"]),
        NameCase("an actor's heartbeat loop", file: "Heartbeat.swift", """
            actor Heartbeat {
                private var loop: Task<Void, Never>?
                func start() {
                    loop = Task {
                        while !Task.isCancelled { await beat(); try? await Task.sleep(for: .seconds(5)) }
                    }
                }
            }
            """, accept: [["heartbeat-start", "heartbeat-beat", "heartbeat-loop"]]),
        NameCase("a test server runs its service group", file: "TestServer.swift", """
            final class TestServer {
                func start() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await self.serviceGroup.run() }
                        try await group.next()
                    }
                }
            }
            """, accept: [["test-server-run-service-group", "test-server-start"]]),
        NameCase("a pool's timer child", file: "ConnectionPool.swift", """
            final class ConnectionPool {
                func runTimer(_ timer: Timer, in group: inout some TaskGroupProtocol) {
                    group.addTask {
                        do { try await self.clock.sleep(for: timer.duration); return .fired } catch { return .cancelled }
                    }
                }
            }
            """, accept: [["connection-pool-run-timer"]]),
        NameCase("a receiver starts its message loop", file: "SocketReceiver.swift", """
            final class SocketReceiver {
                func startReceivingMessages(on connection: Connection) {
                    Task { await runReceiveMessageLoop(on: connection) }
                }
            }
            """, accept: [["socket-receiver-start-receiving-messages", "socket-receiver-run-message-loop"]]),
        NameCase("closing all connections", file: "SocketServer.swift", """
            public final class SocketServer {
                private func closeAllConnections() {
                    Task {
                        await connections.forEach { $0.cancel() }
                        await connections.removeAll()
                    }
                }
            }
            """, accept: [["socket-server-close-all-connections"]]),
        NameCase("an in-flight load kept per key", file: "ImageLoader.swift", """
            actor ImageLoader {
                func image(for url: URL) async throws -> Image {
                    let task = Task { try await download(url) }
                    inFlight[url] = task
                    return try await task.value
                }
            }
            """, accept: [["image-loader-download", "image-loader"]], wrong: ["image-loader-task", "image-loader-in-flight"]),
        NameCase("a client's event loop in a test helper", file: "PostgresClientTests.swift", """
            final class PostgresClientTests: XCTestCase {
                func testQueryDirectly() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { taskGroup in
                        taskGroup.addTask { await client.run() }
                        try await client.query("SELECT 1")
                        taskGroup.cancelAll()
                    }
                }
            }
            """, accept: [["postgres-client-query-directly-run-client", "postgres-client-run"]],
            wrong: ["postgres-client-tests-test-query-directly", "postgres-client-query-directly"]),
        NameCase("a stream forwarder in a service method", file: "LinkDeviceService.swift", """
            final class LinkDeviceService {
                func linkDesktop(with data: Data) -> ProgressPublisher {
                    let subject = PassthroughSubject<Progress, Error>()
                    Task {
                        for await progress in progressStream { subject.send(Progress(progress)) }
                    }
                    return subject.eraseToAnyPublisher()
                }
            }
            """, accept: [["link-device-link-desktop", "link-device-desktop"]]),
        NameCase("a detached model build off the main actor", file: "DatabaseUpdater.swift", """
            final class DatabaseUpdater {
                private func saveAreas(_ areas: [Area]) async {
                    let models = await Task.detached(priority: .utility) {
                        areas.map { AreaModel(from: $0) }
                    }.value
                    await database.write(models)
                }
            }
            """, accept: [["database-updater-save-areas"]]),
        NameCase("a server's handler loop over requests", file: "RequestHandler.swift", """
            struct RequestHandler {
                func handle(value: Channel, logger: Logger) async {
                    try? await withThrowingDiscardingTaskGroup { group in
                        for try await stream in value.inbound {
                            group.addTask { await self.streamHandler.handle(stream, logger: logger) }
                        }
                    }
                }
            }
            """, accept: [["request-handler", "request-handler-stream"]], wrong: ["request-handler-handle-handle"]),
        NameCase("a listen loop per channel in a client", file: "NotificationListener.swift", """
            actor NotificationListener {
                func listen(on channel: String) {
                    listeners[channel] = Task {
                        for try await note in connection.notifications(on: channel) { await deliver(note) }
                    }
                }
            }
            """, accept: [["notification-listener", "notification-listener-deliver"]]),
        NameCase("a send loop with a deadline child", file: "Uploader.swift", """
            struct Uploader {
                func upload(_ chunks: [Chunk]) async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { for chunk in chunks { try await self.send(chunk) } }
                        group.addTask { try await Task.sleep(for: .seconds(30)); throw UploadError.timedOut }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["uploader-upload", "uploader-send"], ["uploader-timed-out", "uploader-sleep"]], wrong: ["uploader"]),
    ]
}
