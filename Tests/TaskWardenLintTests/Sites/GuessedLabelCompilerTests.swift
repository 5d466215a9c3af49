import Testing
@testable import TaskWardenLint

/// Guessed labels checked against the compiler: each expected label is the `// closure #N in …` comment that
/// `swiftc -parse-as-library -emit-silgen` (Swift 6.3.1) writes for the same code, with `Task { }` in place of
/// the frame's task.
@Suite struct GuessedLabelCompilerTests {
    static func label(_ code: String) -> String? {
        SiteTestSupport.sites(code).sites.first?.guessedLabel
    }

    @Test(arguments: [
        ("struct LambdaHTTPServer { static func withLocalServer<Result: Sendable>(port: Int, body: () -> Result) { Task { } } }",
         "static LambdaHTTPServer.withLocalServer<A>(port:body:)"),
        ("func free<P, Q: Sendable>(p: P, q: Q) { Task { } }", "free<A, B>(p:q:)"),
        ("func some(_ x: some Sequence) { Task { } }", "some<A>(_:)"),
        ("struct Box<T> { init<W>(w: W) { Task { } } }", "Box.init<A>(w:)"),
        ("struct Box<T> { func two<U, V>(_ u: U, _ v: V) { Task { } } }", "Box.two<A, B>(_:_:)"),
        ("struct Box<T> { func plain() { Task { } } }", "Box.plain()"),
    ])
    func genericParametersAsTheDemanglerPrintsThem(_ code: String, _ expected: String) {
        #expect(Self.label(code) == expected)
    }

    @Test func theEnclosingDeclarationKeepsNoGenericParameters() {
        let site = SiteTestSupport.sites("struct S { static func run<R>(_ body: () -> R) { Task { } } }").sites.first
        #expect(site?.enclosingDeclaration == "S.run(_:)")
    }

    @Test(arguments: [
        ("func one() async { run { }; #expect(throws: Never.self) { Task { } }; run { } }", "closure #4 in one()"),
        ("func two() async { #expect(1 == 1); #expect(throws: Never.self) { Task { } } }", "closure #6 in two()"),
        ("func three() async { #expect(true); #expect(throws: Never.self) { Task { } } }", "closure #8 in three()"),
        ("func four() async throws { try #require(throws: Never.self) { Task { } } }", "closure #2 in four()"),
        ("func five() async { #expect { Task { } } throws: { _ in true } }", "closure #3 in five()"),
        ("func seven() async { #expect(throws: Never.self) { Task { } }; #expect(true) }", "closure #3 in seven()"),
        ("func nine() async { #expect(throws: Never.self) { run { } }; #expect(throws: Never.self) { Task { } } }", "closure #5 in nine()"),
        ("func a1(_ x: [Int]) async { #expect(x.isEmpty); #expect(throws: Never.self) { Task { } } }", "closure #5 in a1(_:)"),
        ("func a3(_ flag: Bool) async { #expect(flag); #expect(throws: Never.self) { Task { } } }", "closure #8 in a3(_:)"),
        ("func a4(_ x: Int) async { #expect(x > 1, \"big\"); #expect(throws: Never.self) { Task { } } }", "closure #6 in a4(_:)"),
        ("func a5(_ x: Int?) async throws { let y = try #require(x); #expect(throws: Never.self) { Task { } } }", "closure #5 in a5(_:)"),
        // Closures outside the macros keep their source-order number, the macro's own copy counted.
        ("func one() async { run { }; #expect(throws: Never.self) { run { } }; run { Task { } } }", "closure #3 in one()"),
    ])
    func closuresPassedToTestingMacrosAreNumberedAsTheExpansionNumbersThem(_ code: String, _ expected: String) {
        #expect(Self.label(code) == expected)
    }
}
