import Testing
@testable import TaskWardenLint

/// A compound statement beside a site that holds nothing the rules read keeps one name of its head
/// (``SourceMaskCompoundStatements``); one holding a closure, `self`, a macro, a binding of a member's name or a
/// call of a property stays, and so does every compound statement in a task's closure.
@Suite struct CompoundStatementTests {
    static func lines(_ masked: String) -> [String] {
        LeafStatementTests.squeezed(masked).split(separator: "\n").map { $0.hasPrefix(" ") ? String($0.dropFirst()) : String($0) }
    }

    @Test func aStatementHoldingNothingReadKeepsOneNameOfItsHead() throws {
        let source = """
            final class Shelf {
                func apply(_ action: Action) {
                    switch action {
                    case .refresh: reload(force: true)
                    case .clear(let all): clear(all)
                    }
                    if !records.isEmpty { log.debug("records", records.count) } else { log.debug("none") }
                    for record in records where record.isVisible { render(record) }
                    guard let first = records.first else { return }
                    Task { await save(first) }
                }
            }
            """
        let lines = Self.lines(try DeclarationTrimTests.masked(source))
        // Each statement stays, so the statement count a rule reads is the same.
        #expect(lines.contains("action "))
        #expect(lines.contains("records ") && lines.contains("record ") && lines.contains("first "))
        #expect(!lines.contains { $0.contains("switch") || $0.contains("case") || $0.contains("guard") || $0.contains("for ") })
    }

    @Test func whatTheRulesReadKeepsAStatementWhole() throws {
        let source = """
            final class Shelf {
                var records: [Record] = []
                var onChange: () -> Void = {}
                func apply(_ action: Action) {
                    if ready { handlers.forEach { $0.prepare() } }
                    if ready { self.prepare(everything: true) }
                    if #available(iOS 18, *) { prepare(everything: true) }
                    if let records = cache.records { show(records, animated: true) }
                    if ready { onChange() }
                    if ready { print("ready: \\(describe(state))") }
                    if ready {
                        prepare(everything: true)
                    }
                    else { prepare(everything: false) }
                    Task {
                        if ready { await prepare(everything: true) }
                    }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        // A closure (numbered in its function), `self`, a macro, a name bound like a member (a local shadowing
        // it), a property called (a stored closure), an interpolation (which may hold either), `else` on the next
        // line, and a task's closure (whose statements the task rules read). Leaf statements in them are still
        // trimmed (in braces holding no site, they go whole).
        #expect(masked.contains("if ready { handlers.forEach {"))
        #expect(Self.lines(masked).filter { $0.hasPrefix("if ready") }.count == 6)
        #expect(masked.contains("if #available(iOS 18, *) {"))
        #expect(masked.contains("if let records = cache.records {"))
        #expect(masked.contains("if ready { onChange() }"))
        // The statement in it is read like any leaf statement: an interpolation calling no property goes with it.
        #expect(!masked.contains("describe(state)"))
        #expect(masked.contains("    if ready {\n") && masked.contains("else {"))
        #expect(masked.contains("if ready { await prepare"))
    }

    @Test func aSwitchHoldingASiteKeepsOnlyTheCasesTheRulesRead() throws {
        let source = """
            final class Shelf {
                var records: [Record] = []
                func apply(_ action: Action) {
                    switch action {
                    case .refresh(let force):
                        reload(force: force)
                    case .clear:
                        handlers.forEach { $0.clear() }
                    case let .loaded(records):
                        show(records)
                    case .sync:
                        Task { await sync() }
                    default:
                        break
                    }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        // A case holding nothing read goes whole; a closure (numbered in the function) or a name bound like a
        // member keeps its case, and so does the site's.
        #expect(!masked.contains("case .refresh") && !masked.contains("reload"))
        #expect(masked.contains("case .clear:") && masked.contains("case let .loaded(records):"))
        #expect(masked.contains("case .sync:") && masked.contains("Task { await sync"))
    }
}
