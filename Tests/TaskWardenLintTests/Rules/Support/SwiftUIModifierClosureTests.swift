import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct SwiftUIModifierClosureTests {
    func modifier(_ source: String) -> String? {
        SwiftUIModifierClosure.enclosingModifier(of: SyntaxFixtures.call("Task", in: source)!)
    }

    @Test func findsOnAppearAndOnChange() {
        #expect(modifier("List {}.onAppear { Task { await load() } }") == "onAppear")
        #expect(modifier("List {}.onAppear(perform: { Task { await load() } })") == "onAppear")
        #expect(modifier("List {}.onChange(of: query) { _, new in if !new.isEmpty { Task { await search(new) } } }") == "onChange")
    }

    @Test func otherClosuresInBetweenOrOtherModifiersDoNotCount() {
        #expect(modifier("List {}.onAppear { Button(\"Go\") { Task { await load() } } }") == nil)
        #expect(modifier("List {}.onTapGesture { Task { await load() } }") == nil)
        #expect(modifier("Button(\"Go\") { Task { await load() } }") == nil)
        #expect(modifier("func f() { Task { await load() } }") == nil)
    }
}
