extension ReviewPlan {
    /// The longest line a plan may hold (a row is rarely 300 bytes; a longer line is not one we wrote).
    static let maximumLineBytes = 64 * 1024

    /// Reads a plan's text. `source` names the plan in errors (`names.plan:12: error: …`). Every line is
    /// checked: a plan that is not one, a line that is neither a comment, a `file` line nor a row, a row
    /// outside a file section, a kind `fix` does not know, a file or a site listed twice — each is an error
    /// naming its line, and nothing of the plan is used.
    public static func parse(_ text: String, source: String) throws(ReviewPlanError) -> ReviewPlan {
        func failure(_ line: Int?, _ message: String) -> ReviewPlanError {
            ReviewPlanError(source: source, line: line, message: message)
        }
        var files: [File] = []
        var fileLines: [String: Int] = [:]
        var rowLines: [String: Int] = [:]
        var sawHeader = false
        // Lines end at "\n" alone (as scalars: "\r\n" is one Character, which a split on "\n" would not cut).
        for (offset, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let rawLine = Substring(scalars)
            guard rawLine.utf8.count <= maximumLineBytes else {
                throw failure(number, "the line is longer than \(maximumLineBytes) bytes; this is not a plan taskwarden wrote")
            }
            // An editor may have saved the plan with CRLF line endings.
            let line = rawLine.unicodeScalars.last == "\r" ? Substring(rawLine.unicodeScalars.dropLast()) : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if !sawHeader {
                guard trimmed.isEmpty else {
                    try checkHeader(String(line), number, failure)
                    sawHeader = true
                    continue
                }
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("file ") || trimmed == "file" {
                let file = try parseFileLine(trimmed.dropFirst(4), number, failure)
                if let earlier = fileLines[file.path] {
                    throw failure(number, "\(PlanString.quoted(file.path)) is listed twice (also on line \(earlier)); merge the two sections")
                }
                fileLines[file.path] = number
                files.append(file)
                continue
            }
            guard let current = files.last else {
                throw failure(number, "a site row before any 'file' line; each row belongs under the file line of its file")
            }
            let row = try parseRow(trimmed, number, failure)
            let position = "\(current.path)\u{0}\(row.line):\(row.column)"
            if let earlier = rowLines[position] {
                throw failure(number, "the site at \(row.line):\(row.column) is listed twice (also on line \(earlier))")
            }
            rowLines[position] = number
            files[files.count - 1].rows.append(row)
        }
        guard sawHeader else {
            throw failure(nil, "is empty; a plan starts with '\(headerLine)' (write one with taskwarden fix --write-plan)")
        }
        return ReviewPlan(files: files)
    }

    private static func checkHeader(_ line: String, _ number: Int, _ failure: (Int?, String) -> ReviewPlanError) throws(ReviewPlanError) {
        if line == headerLine { return }
        let prefix = "# taskwarden fix plan, format "
        if line.hasPrefix(prefix) {
            throw failure(number, "is a plan of format \(line.dropFirst(prefix.count)); this taskwarden reads format \(format) (write the plan again)")
        }
        throw failure(number, "is not a taskwarden fix plan: its first line must be '\(headerLine)' (write one with taskwarden fix --write-plan)")
    }

    /// `"PATH" sha256 HEX`, after the word `file`.
    private static func parseFileLine(_ rest: Substring, _ number: Int, _ failure: (Int?, String) -> ReviewPlanError) throws(ReviewPlanError) -> File {
        let afterWord = rest.drop { $0 == " " || $0 == "\t" }
        let path: String
        let tail: Substring.UnicodeScalarView
        do throws(PlanString.Failure) {
            (path, tail) = try PlanString.read(afterWord.unicodeScalars)
        } catch {
            throw failure(number, "a file line is 'file \"PATH\" sha256 HEX'; the path \(Self.describe(error))")
        }
        guard !path.isEmpty, !path.unicodeScalars.contains("\u{0}") else {
            throw failure(number, "the file line names no file")
        }
        let words = Substring(tail).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, words[0] == "sha256", words[1].utf8.count == 64,
              words[1].utf8.allSatisfy({ ("0"..."9").contains(Character(UnicodeScalar($0))) || ("a"..."f").contains(Character(UnicodeScalar($0))) })
        else {
            throw failure(number, "a file line is 'file \"PATH\" sha256 HEX' with the 64 lowercase hex digits of the file's SHA-256")
        }
        return File(path: path, sha256: String(words[1]), rows: [], planLine: number)
    }

    /// `LINE:COLUMN KIND NAME` then optionally `# note`.
    private static func parseRow(_ text: Substring, _ number: Int, _ failure: (Int?, String) -> ReviewPlanError) throws(ReviewPlanError) -> Row {
        let shape = "a row is 'LINE:COLUMN KIND \"name\"' (or - instead of the name), then optionally '# note'"
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let space = text.firstIndex(where: isBlank) else { throw failure(number, shape) }
        let place = text[..<space].split(separator: ":", omittingEmptySubsequences: false)
        guard place.count == 2, let line = positiveNumber(place[0]), let column = positiveNumber(place[1]) else {
            throw failure(number, "'\(OutputLine.escaped(String(text[..<space])))' is not LINE:COLUMN; \(shape)")
        }
        let afterPlace = text[space...].drop(while: isBlank)
        guard let kindEnd = afterPlace.firstIndex(where: isBlank) else { throw failure(number, shape) }
        let kind = String(afterPlace[..<kindEnd])
        guard let known = CreationSiteKind(rawValue: kind), known.acceptsName else {
            throw failure(number, "'\(OutputLine.escaped(kind))' is not a kind of site fix names (\(CreationSiteKind.allCases.filter(\.acceptsName).map(\.rawValue).joined(separator: ", ")))")
        }
        let nameText = afterPlace[kindEnd...].drop(while: isBlank)
        var name: String?
        var rest: Substring
        if nameText.hasPrefix("-") {
            rest = nameText.dropFirst()
        } else {
            do throws(PlanString.Failure) {
                let read = try PlanString.read(nameText.unicodeScalars)
                name = read.value
                rest = Substring(read.rest)
            } catch {
                throw failure(number, "the name \(Self.describe(error)); \(shape)")
            }
        }
        guard rest.isEmpty || isBlank(rest.first!) || rest.first == "#" else {
            throw failure(number, "a space must follow the name; \(shape)")
        }
        let note = rest.drop(while: isBlank)
        guard note.isEmpty || note.hasPrefix("#") else {
            throw failure(number, "unexpected '\(OutputLine.escaped(String(note.prefix { !isBlank($0) }.prefix(40))))' after the name; a note starts with '#'")
        }
        return Row(line: line, column: column, kind: kind, name: name,
                   note: note.isEmpty ? "" : String(note.dropFirst().drop(while: isBlank)), planLine: number)
    }

    /// A decimal number from 1 to 99,999,999 (no sign, no leading zero).
    private static func positiveNumber(_ text: Substring) -> Int? {
        guard (1...8).contains(text.utf8.count), text.first != "0", text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    private static func describe(_ failure: PlanString.Failure) -> String {
        switch failure {
        case .notQuoted: "must be in double quotes"
        case .unterminated: "has no closing quote"
        case .badEscape(let escape): "holds \(escape), which is not a JSON string escape"
        case .controlCharacter: "holds a control character (write it as a \\u escape)"
        }
    }
}
