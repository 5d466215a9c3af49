import SwiftParser
import SwiftSyntax

public enum LintPlaceholder {
    public static func count(_ source: String) -> Int {
        Parser.parse(source: source).statements.count
    }
}
