import Testing
import TaskWarden
import TaskWardenTesting

/// The namespace is `Warden`, not the module's name, so module qualification reaches every public name — what
/// a file importing a second library with the same names (swift-distributed-tracing's `Tracer`) relies on —
/// and the spellings used before still compile, deprecated, for one version.
@Suite struct ModuleQualificationTests {
    @Test func everyPublicNameCanBeQualifiedWithTheModule() async {
        let census = TaskCensus()
        let slot = TaskWarden.TaskSlot(census: census)
        slot.replace(name: "album-search") { _ in }
        await slot.settled()
        let tracer: any TaskWarden.TaskTracer = TaskWarden.TraceRecorder(retention: .all)
        let doubled = await TaskWarden.fanOut(over: [1, 2, 3], maxInFlight: 2, census: census, name: { "double:\($0)" }) { $0 * 2 }
        #expect(doubled.map(\.output).sorted() == [2, 4, 6])
        let value = await TaskWarden.Warden.task(name: "qualified", census: census) { 7 }.value
        #expect(value == 7)
        _ = tracer
    }

    @available(*, deprecated, message: "exercises the deprecated spellings on purpose")
    @Test func theOldSpellingsStillCompileAndForward() async {
        let census = TaskCensus()
        let value = await TaskWarden.task(name: "old-spelling", census: census) { 7 }.value
        #expect(value == 7)
        let entered = await TaskWarden.withCensusEntry(name: "old-entry", census: census) { census.liveCount }
        #expect(entered == 1)
        let tracer: any Tracer = TraceRecorder(retention: .all)
        _ = tracer
    }
}
