/// Tasks of one test that each play a part: a server beside its client, a waiter beside its canceller. Each is
/// named by its own work; a type declared in a task's body is not that work, and neither is a sleep before it
/// nor a compiler condition around it.
extension NameCorpus {
    static let parts: [NameCase] = [
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
