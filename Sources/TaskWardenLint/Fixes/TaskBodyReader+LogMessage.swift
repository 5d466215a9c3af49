import Foundation
import SwiftSyntax
import TaskNaming

extension TaskBodyReader {
    /// The words of the first line a body that only logs writes, up to the end of its first clause of two words or
    /// more: `carbs request aborted` of `log("⌚️ Carbs request aborted: session unreachable")`, `acknowledgment
    /// received` of `log("Acknowledgment received: \(message)")`. Only the text before the first interpolation
    /// counts (what is interpolated is not known here); a tag (`[Sync]`, `DEBUG:`) or a line of one word says
    /// nothing of the moment, and gives no words.
    ///
    /// Read only for bodies that only log, so a name says which line, not which function, where several such
    /// tasks in one function log different things.
    static func logMessageWords(_ statements: CodeBlockItemListSyntax) -> [String] {
        guard let segment = statements.tokens(viewMode: .sourceAccurate).first(where: {
            if case .stringSegment = $0.tokenKind { return true }
            return false
        }) else { return [] }
        var text = Substring(segment.text)
        // `[WatchState] …`: a tag says who logs, not what.
        while let open = text.firstIndex(where: { !$0.isWhitespace && !$0.isLetter && !$0.isNumber }), text[open] == "[",
              let close = text[open...].firstIndex(of: "]") {
            text = text[text.index(after: close)...]
        }
        let clauseEnds: Set<Character> = [":", ".", "!", "?", ";", "(", "[", "\u{2014}", "=", "\\", "%", "{", "\""]
        for clause in text.split(whereSeparator: clauseEnds.contains) {
            // Words of letters only (`⌚️`, `-`, `#3` go), each split at its capitals (`verifyClient` → two).
            let words = clause.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .filter { $0.contains(where: \.isLetter) }
                .flatMap { NameWords.split(String($0)) }
            // `DEBUG:`, `RenderLayer:`: one token before a colon tags the line.
            if text[clause.endIndex...].first == ":", !clause.trimmingCharacters(in: .whitespaces).contains(" ") { continue }
            return words.count >= 2 ? Array(words.prefix(6)) : []
        }
        return []
    }
}
