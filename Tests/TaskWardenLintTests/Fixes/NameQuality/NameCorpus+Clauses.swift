import Testing
@testable import TaskWardenLint

/// Test names written in clauses (`testSetReadiness_whenStreaming_andBecomingBlocked`) or as a sentence one word a
/// clause (`test_batches_finish_when_task_is_cancelled`): too long to say whole, they are cut where a clause
/// ends, and what tells two tests apart is a whole clause, never one word of it. And a scope that only closes
/// what it hands its closure (`executeThenClose`) is not the work.
extension NameCorpus {
    static let clauses: [NameCase] = [
        NameCase("a setter's test cut inside its clause reads as garble", file: "PacketSinkWriterTests.swift", """
            import XCTest
            final class NIOPacketSinkWriterTests: XCTestCase {
                func testSetReadiness_whenStreaming_andBecomingBlocked() async throws {
                    Task { [sink] in
                        try await sink!.push("frame2")
                    }
                }
                func testSetReadiness_whenStreaming_andBecomingOpen() async throws {
                    Task { [sink] in
                        try await sink!.push("frame2")
                        resumed.fulfill()
                    }
                }
            }
            """, accept: [["nio-packet-sink-writer-set-readiness-push", "nio-packet-sink-writer-set-readiness-streaming"],
                          ["nio-packet-sink-writer-set-readiness-streaming", "nio-packet-sink-writer-set-readiness-streaming-2"]],
            wrong: ["nio-packet-sink-writer-set-becoming-blocked", "nio-packet-sink-writer-set-becoming-open"]),
        NameCase("a cancellation test's subject is a clause of two words", file: "BufferedRecordSequenceTests.swift", """
            import XCTest
            final class NIOBufferedRecordSequenceTests: XCTestCase {
                func testTaskCancel_whenStreaming_andSuspended() async throws {
                    let task: Task<Int?, Error> = Task {
                        let iterator = records.makeAsyncIterator()
                        return try await iterator.next()
                    }
                    task.cancel()
                }
                func testTaskCancel_whenSourceFinished() async throws {
                    let task: Task<Int?, Error> = Task {
                        let iterator = records.makeAsyncIterator()
                        return try await iterator.next()
                    }
                    task.cancel()
                }
            }
            """, accept: [["nio-buffered-record-sequence-task-cancel", "nio-buffered-record-sequence-task-cancel-streaming"],
                          ["nio-buffered-record-sequence-task-cancel-consume", "nio-buffered-record-sequence-task-cancel-2"]],
            wrong: ["nio-buffered-record-sequence-task-streaming", "nio-buffered-record-sequence-task-cancel-source"]),
        NameCase("a sentence's own when stays", file: "LazyBatchesTests.swift", """
            import XCTest
            final class LazyBatchesTests: XCTestCase {
                func test_batches_finish_when_task_is_cancelled() async {
                    let task = Task {
                        for await batch in batches { collected.append(batch) }
                    }
                    task.cancel()
                }
            }
            """, accept: [["lazy-batches-finish-when-task-is-cancelled"]], wrong: ["lazy-batches-finish-task-is-cancelled"]),
        NameCase("a channel's work inside the scope that closes it", file: "EchoServer.swift", """
            final class EchoServer {
                func serve(channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) {
                    Task {
                        try await channel.executeThenClose { inbound, outbound in
                            for try await frame in inbound { try await outbound.write(frame) }
                        }
                    }
                }
            }
            """, accept: [["echo-server-write", "echo-server-serve"]],
            wrong: ["echo-server-then-close", "echo-server-execute-then-close"]),
        NameCase("a test sentence too long keeps what happens and loses the variant word", file: "PostgresConnectionTests.swift", """
            final class PostgresConnectionTests: XCTestCase {
                func testSimpleListenConnectionDrops() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            let events = try await subscriptionConnection.listen("foo")
                            for try await _ in events { XCTFail("Unexpected") }
                        }
                    }
                }
            }
            """, accept: [["postgres-connection-listen-connection-drops", "postgres-connection-listen"]],
            wrong: ["postgres-connection-simple-listen-connection", "postgres-connection-simple-listen"]),
        NameCase("a negated verb is never cut from its object", file: "PipelineTests.swift", """
            @Suite struct PipelineTests {
                @Test func priorityUpdatesNeverApplyAStaleValueToThePipeline() async {
                    await Task { @PipelineActor in }.value
                }
            }
            """, accept: [["pipeline-priority-updates", "pipeline-priority-updates-never-apply-stale-value"]],
            wrong: ["pipeline-priority-updates-never-apply", "pipeline-priority-updates-never"]),
        NameCase("a test's container for results names no part", file: "PaginateTests.swift", """
            final class PaginateTests: XCTestCase {
                func testAsyncStringTokenPaginate() async throws {
                    let finalArray = Task { try await client.paginate(input).reduce([]) { $0 + $1.items } }
                    _ = try await finalArray.value
                }
            }
            """, accept: [["paginate-async-string-token", "paginate-async-string-token-paginate"]],
            wrong: ["paginate-final-array-async-string-token", "paginate-final-array"]),
    ]
}
