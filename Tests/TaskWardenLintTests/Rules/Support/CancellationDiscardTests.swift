import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct CancellationDiscardTests {
    func findings(_ body: String) -> [CancellationDiscard] {
        let function = SyntaxFixtures.all(FunctionDeclSyntax.self, in: "func check() async -> [Price] {\n\(body)\n}").first!
        return CancellationDiscardAnalysis.findings(in: function.body!)
    }

    @Test func aReturnOnCancellationThatSkipsTheLaterUseIsFound() {
        let found = findings("""
        var prices: [Price] = []
        for album in albums {
            if Task.isCancelled { return [] }
            prices.append(await price(album))
        }
        cache.store(prices)
        return prices
        """)
        #expect(found.count == 1 && found.first?.accumulator == "prices")
        #expect(findings("""
        var seen = 0
        while let next = await queue.next() {
            guard !Task.isCancelled else { return }
            seen += 1
        }
        report(seen)
        """).count == 1)
    }

    @Test func keepingThePartialResultsIsFine() {
        #expect(findings("""
        var prices: [Price] = []
        for album in albums {
            if Task.isCancelled { break }
            prices.append(await price(album))
        }
        return prices
        """).isEmpty)
        #expect(findings("""
        var prices: [Price] = []
        for album in albums {
            if Task.isCancelled { return prices }
            prices.append(await price(album))
        }
        return prices
        """).isEmpty)
    }

    @Test func noAccumulatorOrNoLaterUseIsNotReported() {
        #expect(findings("for album in albums { if Task.isCancelled { return [] }; await show(album) }\nreturn []").isEmpty)
        #expect(findings("var prices: [Price] = []\nfor album in albums { if Task.isCancelled { return [] }; prices.append(await price(album)) }").isEmpty)
        #expect(findings("var prices: [Price] = []\nfor album in albums { if album.isSold { return [] }; prices.append(await price(album)) }\nreturn prices").isEmpty)
    }
}
