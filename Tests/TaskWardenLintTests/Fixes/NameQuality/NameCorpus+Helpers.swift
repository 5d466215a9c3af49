/// Generic helpers and wrappers: functions that run a caller's closure are left to their callers; a helper's
/// own work is named after that work, never after the wrapper or a generic parameter.
extension NameCorpus {
    static let helpers: [NameCase] = [
        NameCase("a timeout helper's two children", file: "TestUtils.swift", """
            func withTimeout(_ timeout: Duration, _ process: @escaping @Sendable () async throws -> Void) async throws {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await Task.sleep(nanoseconds: numericCast(timeout.nanoseconds))
                        throw TestErrors.timeout
                    }
                    group.addTask { try await process() }
                    try await group.next()
                    group.cancelAll()
                }
            }
            """, accept: [["timeout", "timeout-sleep"], NameCase.forwarding],
            wrong: ["with-timeout", "with-timeout-x", "numeric-cast", "timeout-process"]),
        NameCase("a pool helper that forwards every operation", file: "DiscardingTaskPool.swift", """
            struct DiscardingTaskPool {
                func add(_ operation: @escaping @Sendable () async -> Void) {
                    group.addTask { await operation() }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["discarding-task-pool-add"]),
        NameCase("a parallel map", file: "Collection+Parallel.swift", """
            extension Collection where Self: Sendable {
                func parallelMap<T: Sendable>(_ transform: @escaping @Sendable (Element) async throws -> T) async throws -> [T] {
                    try await withThrowingTaskGroup(of: T.self) { group in
                        for element in self { group.addTask { try await transform(element) } }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["collection-transform", "collection-parallel-map"]),
        NameCase("a task handed the caller's closure directly", file: "Spawner.swift", """
            enum Spawner {
                static func spawn(_ operation: sending @escaping @isolated(any) () async -> Void) {
                    Task(operation: operation)
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["spawner-spawn"]),
        NameCase("a retry helper", file: "Retry.swift", """
            func withRetry<T: Sendable>(attempts: Int, _ body: @escaping @Sendable () async throws -> T) -> Task<T, Error> {
                Task {
                    for _ in 1..<attempts { if let value = try? await body() { return value } }
                    return try await body()
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["retry", "with-retry"]),
        NameCase("a debounce that keeps the pending work", file: "Debouncer.swift", """
            final class Debouncer {
                func debounce(_ work: @escaping @Sendable () async -> Void) {
                    pending?.cancel()
                    pending = Task { try? await Task.sleep(for: delay); await work() }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["debouncer-debounce", "debouncer-pending"]),
        NameCase("a process helper's output handlers", file: "Process+Streams.swift", """
            extension ChildProcess {
                static func popen(arguments: [String], stdoutHandler: @escaping StreamHandler, stderrHandler: StreamHandler? = nil) async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await stdoutHandler(stdout) }
                        if let stderrHandler { group.addTask { try await stderrHandler(stderr) } }
                    }
                }
            }
            """, accept: [NameCase.forwarding, NameCase.forwarding], wrong: ["child-process-stdout-handler"]),
        NameCase("an async map over a publisher's values", file: "Publisher+Async.swift", """
            extension Publisher {
                func asyncMap<T>(_ transform: @escaping (Output) async throws -> T) -> AnyPublisher<T, Error> {
                    flatMap { value in
                        Future { promise in
                            Task {
                                do { promise(.success(try await transform(value))) } catch { promise(.failure(error)) }
                            }
                        }
                    }.eraseToAnyPublisher()
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["publisher-async-map-promise", "publisher-async-map"]),
        NameCase("a periodic job helper hands its operation on", file: "Task+Periodic.swift", """
            public extension Task where Success == Never, Failure == Error {
                static func periodic(interval: TimeInterval, operation: @escaping @Sendable () async throws -> Void) -> Task {
                    Task { try await performPeriodicJob(interval: interval, operation: operation) }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["task-periodic"]),
        NameCase("a wrapper whose own work is named", file: "LoadingPresenter.swift", """
            final class LoadingPresenter {
                func withLoadingIndicator(title: String) {
                    showIndicator(title)
                    Task { await reloadAll(); hideIndicator() }
                }
            }
            """, accept: [["loading-presenter-reload-all", "loading-presenter-loading-indicator"]],
            wrong: ["loading-presenter-with-loading-indicator"]),
        NameCase("a group extension adding a timeout to each child", file: "TaskGroup+Timeout.swift", """
            extension ThrowingTaskGroup {
                mutating func addTask(timeout: Duration, operation: @escaping @Sendable () async throws -> ChildTaskResult) {
                    self.addTask { try await withTimeout(timeout, operation: operation) }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["throwing-task-group-add-task", "throwing-task-group-timeout"]),
        NameCase("a main-actor hop helper", file: "SDKListener.swift", """
            final class SDKListener<T> {
                private let onUpdate: @MainActor (T) -> Void
                func onMainActor(_ block: @escaping @MainActor () -> Void) {
                    Task { @MainActor in block() }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["sdk-listener-main-actor", "sdk-listener-block"]),
        NameCase("a retry helper runs its caller's operation in a group child and asks whether to go on", file: "Task+Retry.swift", """
            extension Task where Failure == Error {
                static func retrying(maxAttempts: Int, operation: @Sendable @escaping () async throws -> Success) -> Task {
                    Task {
                        try await withThrowingTaskGroup(of: Success.self) { group in
                            group.addTask {
                                for attempt in 0..<maxAttempts {
                                    do {
                                        return try await operation()
                                    } catch let error as HTTPError where RetryPolicy.isTerminal(error.status) {
                                        throw error
                                    } catch {
                                        if let delay = RetryPolicy.delay(forAttempt: attempt) { try await Task<Never, Never>.sleep(for: delay) }
                                    }
                                }
                                return try await operation()
                            }
                            let result = try await group.next()!
                            group.cancelAll()
                            return result
                        }
                    }
                }
            }
            """, accept: [NameCase.forwarding, NameCase.forwarding], wrong: ["task-retrying", "task-retrying-is-terminal"]),
        NameCase("a free function's work takes its file as the area it belongs to", file: "DataLoader.swift", """
            func decode<T: Decodable>(_ data: Data, using decoder: JSONDecoder) async throws -> T {
                try await Task.detached { try decoder.decode(T.self, from: data) }.value
            }
            """, accept: [["data-loader-decode"]], wrong: ["decode"]),
        NameCase("a file named for no area gives a free function no prefix", file: "SharedUtils.swift", """
            func loadImages(urls: [URL]) {
                Task { await ImagePipeline.shared.prefetch(urls) }
            }
            """, accept: [["load-images", "load-images-image-pipeline-prefetch"]], wrong: ["shared-utils-load-images"]),
    ]
}
