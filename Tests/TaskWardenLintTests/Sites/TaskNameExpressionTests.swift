import Testing
import TaskNaming
@testable import TaskWardenLint

@Suite struct TaskNameExpressionTests {
    static func name(_ code: String) -> TaskNameExpression? {
        SiteTestSupport.sites(code).sites.first?.name
    }

    @Test func readsEveryShapeOfName() {
        #expect(Self.name("Task { }") == TaskNameExpression.none)
        #expect(Self.name("Task(name: nil) { }") == TaskNameExpression.none)
        #expect(Self.name("Task(name: \"price-check\") { }") == .literal("price-check"))
        #expect(Self.name("Task(name: \"price:\\(probe.releaseID)\") { }")
                == .interpolated(TaskNameTemplate(segments: [.text("price:"), .hole("probe.releaseID")])))
        #expect(Self.name("Task(name: taskName) { }") == .other("taskName"))
        #expect(Self.name("Task(name: \"a\" + b) { }") == .other("\"a\" + b"))
        #expect(Self.name("group.addTask(name: #\"raw-name\"#) { }") == .literal("raw-name"))
    }

    @Test func interpolatedNamesShareAShapeWhateverTheExpression() {
        let first = Self.name("Task(name: \"price:\\(a.id)\") { }")
        let second = Self.name("Task(name: \"price:\\(b.releaseID)\") { }")
        #expect(first?.duplicateKey == "price:\\(…)")
        #expect(first?.duplicateKey == second?.duplicateKey)
        #expect(first?.template?.staticPrefix == "price:")
    }
}
