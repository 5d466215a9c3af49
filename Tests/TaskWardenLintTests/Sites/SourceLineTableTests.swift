import SwiftParser
import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct SourceLineTableTests {
    @Test func agreesWithSwiftSyntaxsConverterOnEveryToken() {
        let source = "import Foundation\r\n\n// é comment\rfunc f() {\n\tTask { \"naïve\" }\r\n}\n\nlet x = 1"
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "a.swift", tree: tree)
        let table = SourceLineTable(source)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let position = token.positionAfterSkippingLeadingTrivia
            let expected = converter.location(for: position)
            let actual = table.location(ofUTF8Offset: position.utf8Offset)
            #expect(actual.line == expected.line && actual.column == expected.column, "\(token.text)")
        }
    }
}
