/// Tasks of one test that each play a part: a server beside its client, a waiter beside its canceller. Each is
/// named by its own work; a type declared in a task's body is not that work, and neither is a sleep before it
/// nor a compiler condition around it.
extension NameCorpus {
    static let parts: [NameCase] = [
        NameCase("a server task declares its responder; the client task sleeps, then invokes", file: "EchoServerTests.swift", """
            final class EchoServerTests: XCTestCase {
                func testEchoesBody() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            struct Echo: RequestResponder {
                                func respond(to request: Request, writer: ResponseWriter) async throws {
                                    try await writer.writeHead(status: .ok)
                                    try await writer.writeBody(request.body)
                                }
                            }
                            try await HTTPTestServer.serve(responder: Echo(), port: 8123)
                        }
                        group.addTask {
                            try await Task.sleep(for: .milliseconds(20))
                            let reply = try await client.invoke(path: "/echo", body: "ping")
                            XCTAssertEqual(reply.body, "ping")
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["echo-server-http-test-serve", "echo-server-body-http-test-serve", "echo-server-body-serve"],
                          ["echo-server-body-invoke-client", "echo-server-invoke-client"]],
            wrong: ["echo-server-body-write-head", "echo-server-body-write-body", "echo-server-body-sleep"]),
        NameCase("a canceller beside the task it cancels", file: "JobQueueTests.swift", """
            final class JobQueueTests: XCTestCase {
                func testQueuedJobsAreCancelled() async throws {
                    let queue = JobQueue()
                    let job = UUID()
                    let waiting = Task { try await queue.waitForCompletion(of: job) }
                    Task {
                        try await Task.sleep(for: .milliseconds(5))
                        await queue.cancel(id: job)
                    }
                    _ = await waiting.result
                }
            }
            """, accept: [["job-queue-are-cancelled-wait-for-completion", "job-queue-wait-for-completion"],
                          ["job-queue-cancel", "job-queue-are-cancelled-cancel"]],
            wrong: ["job-queue-are-cancelled-sleep", "job-queue-are-cancelled"]),
        NameCase("asking a pool for one key's element after a sleep", file: "LeasePoolTests.swift", """
            final class LeasePoolTests: XCTestCase {
                func testLeaseForUnknownKeyFails() async throws {
                    let pool = LeasePool<String>()
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await _ in pool {}
                        }
                        group.addTask {
                            try await Task.sleep(nanoseconds: 1_000_000)
                            _ = try await pool.next(for: "tenant-a")
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["lease-pool-unknown-key-fails-consume", "lease-pool-unknown-key-fails"],
                          ["lease-pool-unknown-key-fails-next", "lease-pool-unknown-key-fails"]],
            wrong: ["lease-pool-unknown-key-fails-sleep"]),
        NameCase("a compiler condition in the body is not a word", file: "ChildProcess.swift", """
            extension ChildProcess {
                func waitStoppingOnCancel() async throws -> Int32 {
                    try await withTaskCancellationHandler {
                        try await waitForExit()
                    } onCancel: {
                        interrupt()
                        Task {
                            try await Task.sleep(for: .seconds(3))
                            #if os(Linux)
                            sendSignal(SIGKILL)
                            #else
                            sendSignal(SIGTERM)
                            #endif
                        }
                    }
                }
            }
            """, accept: [["child-process-send-signal", "child-process-wait-stopping-on-cancel"]],
            wrong: ["child-process-os", "child-process-sleep"]),
    ]
}
