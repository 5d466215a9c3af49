// Spellings kept for one version.
//
// Until this version the namespace enum was called `TaskWarden`, like the module, which made module
// qualification impossible (`TaskWarden.TaskSlot` looked for a member of the enum). The enum is now `Warden`.
// Old call sites — `TaskWarden.task(name:) { … }`, `TaskWarden.withCensusEntry(…)`,
// `TaskWarden.withTaskExecutorPreference(…)` — now read as module-qualified calls and reach the module-level
// functions below, which forward to `Warden`. They are disfavoured so that they never win overload resolution
// against anything else in scope (the standard library's `withTaskExecutorPreference`, a SwiftUI view's
// `task(name:)`), and deprecated with a fix-it to the new spelling.

@available(*, deprecated, renamed: "Warden.task(name:priority:executorPreference:census:fileID:line:isolation:operation:)")
@_disfavoredOverload
@discardableResult
@inlinable
public func task<Success: Sendable>(
    name: String,
    priority: TaskPriority? = nil,
    executorPreference: (any TaskExecutor)? = nil,
    census: TaskCensus = .shared,
    fileID: String = #fileID,
    line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async -> Success
) -> Task<Success, Never> {
    Warden.task(
        name: name, priority: priority, executorPreference: executorPreference, census: census, fileID: fileID,
        line: line, isolation: isolation, operation: operation)
}

@available(*, deprecated, renamed: "Warden.task(name:priority:executorPreference:census:fileID:line:isolation:operation:)")
@_disfavoredOverload
@discardableResult
@inlinable
public func task<Success: Sendable>(
    name: String,
    priority: TaskPriority? = nil,
    executorPreference: (any TaskExecutor)? = nil,
    census: TaskCensus = .shared,
    fileID: String = #fileID,
    line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async throws -> Success
) -> Task<Success, any Error> {
    Warden.task(
        name: name, priority: priority, executorPreference: executorPreference, census: census, fileID: fileID,
        line: line, isolation: isolation, operation: operation)
}

@available(*, deprecated, renamed: "Warden.withCensusEntry(name:parentID:census:fileID:line:isolation:_:)")
@_disfavoredOverload
public func withCensusEntry<Result, Failure: Error>(
    name: String,
    parentID: TaskID? = nil,
    census: TaskCensus = .shared,
    fileID: String = #fileID,
    line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
    try await Warden.withCensusEntry(
        name: name, parentID: parentID, census: census, fileID: fileID, line: line, isolation: isolation, body)
}

@available(*, deprecated, renamed: "Warden.withTaskExecutorPreference(_:isolation:operation:)")
@_disfavoredOverload
public func withTaskExecutorPreference<Result, Failure: Error>(
    _ executor: any TaskExecutor,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
    try await Warden.withTaskExecutorPreference(executor, isolation: isolation, operation: operation)
}
