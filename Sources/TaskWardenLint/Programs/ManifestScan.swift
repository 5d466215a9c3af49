/// The three regular expressions ``SwiftPackageTargets`` reads a manifest's target calls with, matched on
/// UTF-8 bytes: `NSRegularExpression` bridged every target's text to UTF-16 for ICU, which cost more than the
/// rest of reading a manifest. Each function answers what the expression in its comment answered with ICU
/// (leftmost match first; `\s` is ICU's, the Unicode `White_Space` property), and a captured text is kept
/// only where `Range(_:in:)` could hand it back: both ends between two characters of the whole text.
enum ManifestScan {
    /// `(?:^|[,(\s])label\s*"([^"]*)"` (`label` ends in `:`): the captured text of the first match.
    static func stringArgument(labelled label: [UInt8], in text: ArraySlice<UInt8>) -> String? {
        var start = text.startIndex
        while let found = firstIndex(of: label, in: text, from: start) {
            start = found + 1
            // The label opens the text, or follows `,`, `(` or a space.
            if found != text.startIndex {
                guard let previous = scalar(endingAt: found, in: text),
                      previous == "," || previous == "(" || previous.properties.isWhitespace
                else { continue }
            }
            var index = found + label.count
            while index < text.endIndex, let (next, length) = scalar(at: index, in: text), next.properties.isWhitespace {
                index += length
            }
            guard index < text.endIndex, text[index] == UInt8(ascii: "\"") else { continue }
            // The text runs to the next quote; with none, no match starts here or later.
            guard let close = text[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            let whole = String(decoding: text, as: UTF8.self)
            return characters((index + 1 - text.startIndex)..<(close - text.startIndex), of: whole)
        }
        return nil
    }

    /// `text` with every match of `\.product\([^)]*\)` taken out.
    static func removingProducts(from text: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = text.startIndex
        while let found = firstIndex(of: productCall, in: text, from: index),
              let close = text[(found + productCall.count)...].firstIndex(of: UInt8(ascii: ")")) {
            result += text[index..<found]
            index = close + 1
        }
        result += text[index...]
        return result
    }

    /// The captured texts of the matches of `"([^"]+)"`, left to right.
    static func quotedStrings(in text: [UInt8]) -> [String] {
        let whole = String(decoding: text, as: UTF8.self)
        var result: [String] = []
        var index = 0
        while let open = text[index...].firstIndex(of: UInt8(ascii: "\"")) {
            guard let close = text[(open + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            if close == open + 1 {
                // `""` matches nothing here; the second quote may open a match.
                index = close
                continue
            }
            if let captured = characters((open + 1)..<close, of: whole) { result.append(captured) }
            index = close + 1
        }
        return result
    }

    private static let productCall = Array(".product(".utf8)

    /// The text of `whole` between two byte offsets, or nil when either falls inside a character (a quote
    /// followed by a combining mark, or after a prepended one).
    private static func characters(_ range: Range<Int>, of whole: String) -> String? {
        let utf8 = whole.utf8
        guard let lower = String.Index(utf8.index(utf8.startIndex, offsetBy: range.lowerBound), within: whole),
              let upper = String.Index(utf8.index(utf8.startIndex, offsetBy: range.upperBound), within: whole)
        else { return nil }
        return String(whole[lower..<upper])
    }

    private static func firstIndex(of word: [UInt8], in text: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let first = word.first, word.count <= text.endIndex - start else { return nil }
        var index = start
        while index <= text.endIndex - word.count {
            if text[index] == first, text[index..<(index + word.count)].elementsEqual(word) { return index }
            index += 1
        }
        return nil
    }

    /// The scalar starting at `index` (a scalar boundary of valid UTF-8) and its length in bytes.
    private static func scalar(at index: Int, in text: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
        if text[index] < 0x80 { return (Unicode.Scalar(text[index]), 1) }
        var end = index + 1
        while end < text.endIndex, text[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: text[index..<end], as: UTF8.self).unicodeScalars.first.map { ($0, end - index) }
    }

    /// The scalar ending just before `index`.
    private static func scalar(endingAt index: Int, in text: ArraySlice<UInt8>) -> Unicode.Scalar? {
        var start = index - 1
        while start > text.startIndex, text[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start, in: text)?.0
    }
}
