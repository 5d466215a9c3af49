/// The other sites a cross-site finding names, capped: a finding lists at most ``limit`` of them (in the
/// message and as related locations) and counts the rest ("and 3,995 others"), so one finding's size is
/// bounded and a group of n sites costs O(n) output and memory, not O(n²).
///
/// ```swift
/// let list = RelatedSiteList(others: sites.filter { $0.position != site.position }.map(\.position))
/// "the same as \(list.text)" // "the same as A.swift:3:5, A.swift:4:5 and 2 others"
/// ```
struct RelatedSiteList {
    /// How many other sites a finding names at most.
    static let limit = 5

    /// The named sites (at most ``limit``).
    let shown: [SourcePosition]
    /// How many other sites there are in all.
    let total: Int

    /// The first ``limit`` of `others` (in order), and their count.
    init(others: some Sequence<SourcePosition>) {
        var shown: [SourcePosition] = []
        var total = 0
        for position in others {
            if shown.count < Self.limit { shown.append(position) }
            total += 1
        }
        self.shown = shown
        self.total = total
    }

    /// The first ``limit`` of `others` (read no further), when their count is already known.
    init(others: some Sequence<SourcePosition>, total: Int) {
        self.shown = Array(others.prefix(Self.limit))
        self.total = total
    }

    /// How many other sites are not named.
    var hidden: Int { total - shown.count }

    /// `A, B, C` or `A, B, C, D, E and 3,995 others`, with each shown site described by `describe`.
    func text(_ describe: (SourcePosition) -> String = { $0.description }) -> String {
        let list = shown.map(describe).joined(separator: ", ")
        guard hidden > 0 else { return list }
        return "\(list) and \(Self.grouped(hidden)) \(hidden == 1 ? "other" : "others")"
    }

    /// `3995` → `3,995`, the same on every machine (no locale).
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
