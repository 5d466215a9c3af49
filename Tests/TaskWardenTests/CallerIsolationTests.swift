import Testing
import TaskWarden

/// Every public API that runs a closure the caller wrote on the caller's behalf runs it on the caller's
/// isolation. (Fan-out has its own suite, `FanOutIsolationTests`; closures typed
/// `@Sendable` — registry work, service iterations, background handlers — make no promise about isolation and
/// are not checked here.) A closure off its actor traps in `preconditionIsolated`, so each check runs in an
/// exit test.
@Suite("Caller isolation of closure-taking APIs")
struct CallerIsolationTests {
    @Test func everyClosureRunsOnTheMainActorWhenCalledFromIt() async {
        await #expect(processExitsWith: .success) {
            await runEveryClosureTakingAPIOnTheMainActor()
        }
    }

    @Test func everyClosureRunsOnTheCallingActor() async {
        await #expect(processExitsWith: .success) {
            await IsolationProbe().runEveryClosureTakingAPI()
        }
    }
}

@MainActor func runEveryClosureTakingAPIOnTheMainActor() async {
    func check(_ api: StaticString) { MainActor.preconditionIsolated("\(api) ran its closure off the main actor") }
    for census in [TaskCensus(isEnabled: false), TaskCensus(isEnabled: true)] {
        await Warden.task(name: "probe", census: census) { check("Warden.task") }.value
        _ = try? await Warden.task(name: "probe", census: census) { () throws in check("throwing Warden.task") }.value
        let slot = TaskSlot(census: census)
        await slot.replace(name: "probe") { generation in
            check("TaskSlot.replace")
            generation.commit { check("SlotGeneration.commit") }
        }.value
        await Warden.withCensusEntry(name: "probe", census: census) { check("withCensusEntry") }
    }
    await withCancellationShield { check("withCancellationShield") }
    await withCancellationShield(executorPreference: globalConcurrentExecutor) {
        check("withCancellationShield(executorPreference:)")
    }
    await Warden.withTaskExecutorPreference(globalConcurrentExecutor) { check("withTaskExecutorPreference") }
    let recorder = TraceRecorder()
    await recorder.withInterval("probe", message: "probe") { await Task.yield(); check("async withInterval") }
    recorder.withInterval("probe", message: "probe") { check("withInterval") }
}

actor IsolationProbe {
    func check(_ api: StaticString) { preconditionIsolated("\(api) ran its closure off the calling actor") }

    func runEveryClosureTakingAPI() async {
        for census in [TaskCensus(isEnabled: false), TaskCensus(isEnabled: true)] {
            await Warden.task(name: "probe", census: census) { self.check("Warden.task") }.value
            _ = try? await Warden.task(name: "probe", census: census) { () throws in
                self.check("throwing Warden.task")
            }.value
            let slot = TaskSlot(census: census)
            await slot.replace(name: "probe") { generation in
                self.check("TaskSlot.replace")
                generation.commit { self.check("SlotGeneration.commit") }
            }.value
            await Warden.withCensusEntry(name: "probe", census: census) { self.check("withCensusEntry") }
        }
        await withCancellationShield { self.check("withCancellationShield") }
        await withCancellationShield(executorPreference: globalConcurrentExecutor) {
            self.check("withCancellationShield(executorPreference:)")
        }
        await Warden.withTaskExecutorPreference(globalConcurrentExecutor) {
            self.check("withTaskExecutorPreference")
        }
        let recorder = TraceRecorder()
        await recorder.withInterval("probe", message: "probe") { await Task.yield(); self.check("async withInterval") }
        recorder.withInterval("probe", message: "probe") { self.check("withInterval") }
    }
}
