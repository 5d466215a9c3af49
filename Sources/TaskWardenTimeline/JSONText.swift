/// Writing JSON strings and numbers, for `args` shown as text and for the data embedded in the page.
enum JSONText {
    /// How far a string is escaped.
    enum Escaping {
        /// What JSON requires: `"`, `\` and control characters.
        case json
        /// Also `<`, `>`, `&`, U+2028 and U+2029, as `\u003c` etc., so the text can sit inside an HTML
        /// `<script>` element: no `</script>`, `<!--` or `<script` can appear, so nothing in the data can move
        /// the HTML parser out of (or deeper into) the script's text, and old JavaScript parsers see no line
        /// break inside a string. `JSON.parse` reads the same string back.
        case scriptSafe
    }

    /// Appends `string` quoted and escaped.
    static func appendQuoted(_ string: String, to out: inout [UInt8], escaping: Escaping) {
        out.append(UInt8(ascii: "\""))
        var utf8 = string.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20: appendUnicodeEscape(UInt16(byte), to: &out)
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                if escaping == .scriptSafe { appendUnicodeEscape(UInt16(byte), to: &out) } else { out.append(byte) }
            case 0xE2 where escaping == .scriptSafe:
                // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
                guard let second = utf8.next() else { out.append(byte); break }
                guard let third = utf8.next() else { out.append(contentsOf: [byte, second]); break }
                if second == 0x80, third == 0xA8 || third == 0xA9 {
                    appendUnicodeEscape(third == 0xA8 ? 0x2028 : 0x2029, to: &out)
                } else {
                    out.append(contentsOf: [byte, second, third])
                }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `string` quoted with JSON's own escaping.
    static func appendQuoted(_ string: String, to out: inout String) {
        var bytes: [UInt8] = []
        appendQuoted(string, to: &bytes, escaping: .json)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a finite number in a form JSON and JavaScript read back exactly; `null` for a non-finite one,
    /// which JSON cannot express (the parser rejects such timestamps, so only a hand-made `Timeline` has them).
    static func appendNumber(_ number: Double, to out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(), abs(number) < 1e15 {
            out.append(contentsOf: String(Int64(number)).utf8)
        } else {
            out.append(contentsOf: String(number).utf8)  // e.g. "12.5", "1e+20": valid JSON
        }
    }

    static func appendNumber(_ number: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(number).utf8)
    }

    private static func appendUnicodeEscape(_ unit: UInt16, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hex[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }
}
