extension Warden {
    @TaskLocal static var preferredExecutor: (any TaskExecutor)?

    /// `withTaskExecutorPreference`, remembered so that TaskWarden can carry it across the new task a
    /// ``withCancellationShield(executorPreference:isolation:_:)`` back-port starts.
    ///
    /// The standard library does not let a task read its own executor preference back as an executor, and
    /// unstructured tasks do not inherit it. Code that must stay on one executor — the background simulator
    /// runs handlers deterministically on its own — enters it through this function instead.
    ///
    /// ```swift
    /// try await Warden.withTaskExecutorPreference(simulatorExecutor) {
    ///     try await refreshHandler.run()
    /// }
    /// ```
    public static func withTaskExecutorPreference<Result, Failure: Error>(
        _ executor: any TaskExecutor,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let outcome = await _Concurrency.withTaskExecutorPreference(executor, isolation: isolation) {
            await $preferredExecutor.withValue(executor, operation: { () async -> Swift.Result<Result, Failure> in
                do throws(Failure) {
                    return .success(try await operation())
                } catch {
                    return .failure(error)
                }
            }, isolation: isolation)
        }
        return try outcome.get()
    }
}
