/// Makes derived names unique across a whole tree, including names the code already has.
///
/// Sites that want the same name each get their next distinguishing context word (operation, storage,
/// action, kind) until they differ; a number is the last resort, used only when no word tells them apart.
/// Existing names never change; new names step around them. The result depends only on the input order,
/// so give requests in a stable order (file, line, column).
///
/// ```swift
/// let names = TaskNameUniqueness.assign(
///     [load, otherLoad],          // both derive "library-load"
///     existing: ["library-sync"]
/// )
/// // ["library-load-albums", "library-load-prices"]
/// ```
public enum TaskNameUniqueness {
    /// One unique name per request, in request order.
    public static func assign(_ requests: [DerivedTaskName], existing: Set<String>) -> [String] {
        var taken = existing
        var result = [String?](repeating: nil, count: requests.count)
        var level = [Int](repeating: 0, count: requests.count)
        var pending = Array(requests.indices)

        // Raise the level of every site in a clash, together, so sites that clash all get their own word
        // (`load-albums`, `load-prices`) instead of the first keeping the short name by accident of order.
        while !pending.isEmpty {
            var wanted: [String: Int] = [:]
            for index in pending { wanted[requests[index].candidate(level: level[index]), default: 0] += 1 }
            var next: [Int] = []
            var advanced = false
            for index in pending {
                let name = requests[index].candidate(level: level[index])
                if wanted[name] == 1 && !taken.contains(name) {
                    result[index] = name
                    taken.insert(name)
                } else {
                    next.append(index)
                    if level[index] < requests[index].disambiguators.count {
                        level[index] += 1
                        advanced = true
                    }
                }
            }
            let assigned = next.count < pending.count
            pending = next
            if !assigned && !advanced { break }
        }

        // Whatever is still unnamed has run out of words: the first free context name, else a number.
        for index in pending {
            let request = requests[index]
            let words = (0...request.disambiguators.count).map(request.candidate(level:))
            var name = words.first(where: { !taken.contains($0) })
            var number = 2
            while name == nil {
                if !taken.contains(request.numbered(number)) { name = request.numbered(number) }
                number += 1
            }
            result[index] = name
            taken.insert(name ?? "")
        }
        // Every index was named above: in the loop or in the fallback.
        return result.map { $0 ?? "" }
    }
}
