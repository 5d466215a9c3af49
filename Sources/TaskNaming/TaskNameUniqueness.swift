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
        assign(requests, scopes: Array(repeating: 0, count: requests.count), existing: existing.map { ($0, 0) }) { _, _ in true }
    }

    /// One name per request, unique among the requests and existing names whose scopes `share` (a scope is a
    /// set of programs; two sites in scopes that do not share a program may have the same name).
    ///
    /// - Parameters:
    ///   - scopes: one scope number per request.
    ///   - existing: names already in the code, with the scope of their site.
    ///   - share: whether two scopes can be linked into one program (reflexive, symmetric).
    public static func assign(
        _ requests: [DerivedTaskName], scopes: [Int], existing: [(name: String, scope: Int)],
        share: (Int, Int) -> Bool
    ) -> [String] {
        // Tests' tasks named for their calls: each keeps its call's name only where no other site wants it nor
        // holds it as every site would be named by its scenario; the rest keep those scenario names, which are
        // unique among themselves already.
        if requests.contains(where: { !$0.scenarioFallback.isEmpty }) {
            let byScenario = assign(requests.map { $0.scenarioFallback.first ?? $0 }, scopes: scopes, existing: existing,
                                    share: share)
            var holders: [String: [Int]] = [:]
            for (index, name) in byScenario.enumerated() { holders[name, default: []].append(index) }
            for index in requests.indices {
                if !requests[index].scenarioFallback.isEmpty { holders[requests[index].name, default: []].append(index) }
                if let byCall = requests[index].testCallName { holders[byCall, default: []].append(index) }
            }
            var result = byScenario
            for index in requests.indices where !requests[index].scenarioFallback.isEmpty {
                let name = requests[index].name
                let rivals = holders[name, default: []].filter { $0 != index && share(scopes[$0], scopes[index]) }
                let taken = existing.contains { $0.name == name && share($0.scope, scopes[index]) }
                if rivals.isEmpty, !taken { result[index] = name }
            }
            return result
        }
        // A request's candidate at a level is asked for again and again below, and composing one is not cheap.
        var candidates = requests.map { [String?](repeating: nil, count: $0.disambiguators.count + 1) }
        func candidate(_ index: Int, _ level: Int) -> String {
            guard level >= 0, level < candidates[index].count else { return requests[index].candidate(level: level) }
            if let known = candidates[index][level] { return known }
            let name = requests[index].candidate(level: level)
            candidates[index][level] = name
            return name
        }
        var takenIn: [String: Set<Int>] = [:]
        for (name, scope) in existing { takenIn[name, default: []].insert(scope) }
        func isTaken(_ name: String, _ scope: Int) -> Bool {
            takenIn[name]?.contains { share($0, scope) } ?? false
        }
        func take(_ name: String, _ scope: Int) { takenIn[name, default: []].insert(scope) }
        var result = [String?](repeating: nil, count: requests.count)
        var level = [Int](repeating: 0, count: requests.count)
        var pending = Array(requests.indices)

        // Raise the level of every site in a clash, together, so sites that clash all get their own word
        // (`load-albums`, `load-prices`) instead of the first keeping the short name by accident of order.
        while !pending.isEmpty {
            var wanted: [String: [Int]] = [:]
            for index in pending { wanted[candidate(index, level[index]), default: []].append(index) }
            var next: [Int] = []
            var advanced = false
            let current = level
            for index in pending {
                let name = candidate(index, current[index])
                let rivals = wanted[name, default: []].filter { $0 != index && share(scopes[$0], scopes[index]) }
                // A purpose that is whole keeps its name against rivals whose purposes were cut to it
                // (`after-delay` beside `after-delay-with-test-scheduler`): they have their cut-off words.
                let keepsWhole = current[index] == 0 && !requests[index].purposeWasCut
                    && !rivals.isEmpty && rivals.allSatisfy { current[$0] == 0 && requests[$0].purposeWasCut }
                // A site whose only words say where it is made (`in-setup-observers`) keeps its name against
                // rivals that each have a word of what they do.
                let onlyPlaces = current[index] == 0 && !rivals.isEmpty
                    && requests[index].disambiguators.indices.allSatisfy(requests[index].placeDisambiguators.contains)
                    && rivals.allSatisfy { current[$0] == 0 && !requests[$0].disambiguators.isEmpty
                        && !requests[$0].placeDisambiguators.contains(0) && !requests[$0].isNamedAfterItsFunction }
                // A task named after the function it is made in (`handleDeepLink(url:)`) keeps that name against
                // rivals named after a call of that function elsewhere: where they are tells them apart.
                let ownsFunctionName = current[index] == 0 && requests[index].isNamedAfterItsFunction && !rivals.isEmpty
                    && rivals.allSatisfy { current[$0] == 0 && !requests[$0].isNamedAfterItsFunction }
                // A service's run alone in its test still says it is a run (`…-keep-alive-works-run-pool`).
                let runMustSaySo = current[index] == 0 && requests[index].runsService
                if runMustSaySo, let own = requests[index].ownPartDisambiguators.min() {
                    next.append(index)
                    level[index] = own + 1
                    advanced = true
                } else if (rivals.isEmpty || keepsWhole || onlyPlaces || ownsFunctionName) && !isTaken(name, scopes[index]) {
                    result[index] = name
                    take(name, scopes[index])
                } else {
                    next.append(index)
                    if let nextLevel = nextLevel(of: index, after: current[index], rivals: rivals, current: current) {
                        level[index] = nextLevel
                        advanced = true
                    }
                }
            }
            let assigned = next.count < pending.count
            pending = next
            if !assigned && !advanced { break }
        }

        /// The next level for a site in a clash: the first whose name none of its rivals can also take (a
        /// phrase they all share, such as the rest of one test's scenario, is skipped), else simply the next.
        func nextLevel(of index: Int, after levelNow: Int, rivals: [Int], current: [Int]) -> Int? {
            let request = requests[index]
            guard levelNow < request.disambiguators.count else { return nil }
            var rivalNames: Set<String> = []
            for rival in rivals {
                for rivalLevel in current[rival]...requests[rival].disambiguators.count {
                    rivalNames.insert(candidate(rival, rivalLevel))
                }
            }
            let own = candidate(index, levelNow)
            let useful = (levelNow + 1...request.disambiguators.count).first { candidateLevel in
                let name = candidate(index, candidateLevel)
                return name != own && !rivalNames.contains(name)
            }
            return useful ?? levelNow + 1
        }

        // Whatever is still unnamed has run out of words: the first free context name, else a number.
        // A word another unnamed site could also take does not tell them apart: only the shared base name (for
        // the first to ask) or a word of this site's own is used, else a number.
        // Where to go on numbering alike sites of one scope (sites whose numbered names are the same): a number
        // once taken there stays taken, so each starts after the last one given, not from 2 again (thousands of
        // alike sites in one function were quadratic).
        var nextNumber: [String: Int] = [:]
        var stillWanted: [String: Int] = [:]
        for index in pending {
            for name in Set((0...requests[index].disambiguators.count).map { candidate(index, $0) }) {
                stillWanted[name, default: 0] += 1
            }
        }
        for index in pending {
            let request = requests[index]
            let scope = scopes[index]
            let words = (0...request.disambiguators.count).map { candidate(index, $0) }
            // A test's task whose own part (`run-runtime`) other tests' tasks also play takes it while it is free:
            // its own work before the scenario, which may describe a sibling's part.
            // A service's run whose part alone other tests' runs want too says its test and that it runs, where
            // that fits (`…-increment-value-run`): every such test the same way, not the first by the part alone.
            var name = request.scenarioRun.flatMap { isTaken($0, scope) ? nil : $0 }
            name = name ?? request.ownPartDisambiguators.sorted().map { words[$0 + 1] }.first { !isTaken($0, scope) }
            // A service's run never falls back to its bare scenario or a piece of it: numbered, it still says it
            // is a run.
            if !request.runsService {
                name = name ?? words.enumerated().first(where: { level, word in
                    !isTaken(word, scope) && (level == 0 || stillWanted[word] == 1)
                })?.element
            }
            // Alike sites that share a more specific word than the base (three uploads in `uploadQuietly`)
            // take it in turn: the first plain, the next numbered.
            // A test's task that plays a part others play too is numbered on that part, not on a scenario word
            // that may describe a sibling (`…-handler-handling`).
            let shared = request.ownPartDisambiguators.min().map { $0 + 1 }
                ?? words.indices.dropFirst().first { words[$0] != words[0] } ?? 0
            if name == nil, !isTaken(words[shared], scope) { name = words[shared] }
            let numbering = "\(scope) \(request.numbered(2, level: shared))"
            var number = nextNumber[numbering] ?? 2
            while name == nil {
                let numbered = request.numbered(number, level: shared)
                if !isTaken(numbered, scope) { name = numbered }
                number += 1
            }
            nextNumber[numbering] = number
            result[index] = name
            take(name ?? "", scope)
        }
        // Every index was named above: in the loop or in the fallback.
        return result.map { $0 ?? "" }
    }

    /// True when `name` is one `derived` itself could have been given (any level, or numbered): a name `fix`
    /// wrote, which a later run re-derives instead of stepping around it.
    public static func isOwnCandidate(_ name: String, of derived: DerivedTaskName) -> Bool {
        if let fallback = derived.scenarioFallback.first, isOwnCandidate(name, of: fallback) { return true }
        if (0...derived.disambiguators.count).contains(where: { derived.candidate(level: $0) == name }) { return true }
        if derived.scenarioRun == name { return true }
        guard let dash = name.lastIndex(of: "-"), let number = Int(name[name.index(after: dash)...]), number >= 2
        else { return false }
        return (0...derived.disambiguators.count).contains { derived.numbered(number, level: $0) == name }
    }
}
