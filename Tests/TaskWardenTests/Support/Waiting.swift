import Foundation
import TaskWardenTesting

/// Suspends until the calling task is cancelled (returns at once if it already is). Work that "runs until
/// cancelled" waits here instead of spinning on `Task.yield()`, which would keep a cooperative thread busy.
func waitUntilCancelled() async {
    let cancelled = Gate()
    await withTaskCancellationHandler {
        await cancelled.wait()
    } onCancel: {
        cancelled.open()
    }
}

/// Runs `body` on a thread of its own and returns its result: for blocking calls (socket reads, `usleep`,
/// waiting on another thread), which must not hold one of the cooperative pool's few threads.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
        thread.start()
    }
}
