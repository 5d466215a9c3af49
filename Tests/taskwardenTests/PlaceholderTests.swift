import Testing

@Test func cliBuilds() { #expect(Bool(true)) }
