import TaskWarden

/// A named group of comparisons, selectable from the command line.
struct BenchmarkSuite: Sendable {
    let name: String
    let comparisons: [Comparison]
    /// Figures that are not timings (memory), printed after the comparisons.
    var figures: (@Sendable () async -> Void)?

    init(name: String, figures: (@Sendable () async -> Void)? = nil, comparisons: [Comparison]) {
        self.name = name
        self.comparisons = comparisons
        self.figures = figures
    }
}

/// One measured figure: `candidate` against `baseline`, both doing `operations` operations per run.
struct Comparison: Sendable {
    let name: String
    /// The highest acceptable candidate/baseline ratio, if the issue sets one.
    let target: Double?
    let operations: Int
    /// Alternating rounds after the warm-up; fewer for comparisons that take seconds a round.
    let rounds: Int
    let baseline: @Sendable () async -> Void
    let candidate: @Sendable () async -> Void

    init(
        _ name: String, target: Double? = nil, operations: Int, rounds: Int = 25,
        baseline: @escaping @Sendable () async -> Void, candidate: @escaping @Sendable () async -> Void
    ) {
        self.name = name
        self.target = target
        self.operations = operations
        self.rounds = rounds
        self.baseline = baseline
        self.candidate = candidate
    }
}

/// Runs baseline and candidate alternately (so machine load hits both alike), `rounds` times after one
/// warm-up each, and reports the best round of each, per operation. On a machine shared with other work,
/// load only ever adds time, so the minimum is the steadiest estimate of what the code itself costs (medians
/// swung by 2× between runs on the project's 2 shared cores).
func measure(_ comparison: Comparison) async -> (baseline: Duration, candidate: Duration, medianRatio: Double) {
    let rounds = comparison.rounds
    let clock = ContinuousClock()
    await comparison.baseline()
    await comparison.candidate()
    var baselines: [Duration] = []
    var candidates: [Duration] = []
    for round in 0..<rounds {
        // Alternate which goes first so neither always runs on a warmer cache.
        if round.isMultiple(of: 2) {
            baselines.append(await clock.measure { await comparison.baseline() })
            candidates.append(await clock.measure { await comparison.candidate() })
        } else {
            candidates.append(await clock.measure { await comparison.candidate() })
            baselines.append(await clock.measure { await comparison.baseline() })
        }
    }
    func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
    let medianRatio = nanoseconds(median(candidates)) / max(nanoseconds(median(baselines)), 0.001)
    return (baselines.min()! / comparison.operations, candidates.min()! / comparison.operations, medianRatio)
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func format(_ value: Double, decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
}

/// Runs the selected suites (all when `selecting` is empty) and prints one line per comparison: best-round
/// times per operation, their ratio (checked against the target), and the ratio of the median rounds, which
/// shows what load and contention do.
func runBenchmarks(_ suites: [BenchmarkSuite], selecting names: [String]) async {
    let known = Set(suites.map(\.name))
    if let unknown = names.first(where: { !known.contains($0) }) {
        print("unknown suite '\(unknown)'; suites: \(suites.map(\.name).joined(separator: ", "))")
        return
    }
    print(pad("benchmark", 48), pad("baseline ns/op", 15), pad("candidate ns/op", 16), pad("ratio", 7),
          pad("median ratio", 13), "target")
    var missed: [String] = []
    for suite in suites where names.isEmpty || names.contains(suite.name) {
        for comparison in suite.comparisons {
            let (baseline, candidate, medianRatio) = await measure(comparison)
            let ratio = nanoseconds(candidate) / max(nanoseconds(baseline), 0.001)
            var verdict = ""
            if let target = comparison.target {
                let met = ratio <= target
                verdict = "≤ \(format(target, decimals: 2))× " + (met ? "met" : "MISSED")
                if !met { missed.append("\(suite.name)/\(comparison.name)") }
            }
            print(
                pad("\(suite.name)/\(comparison.name)", 48),
                pad(format(nanoseconds(baseline)), 15),
                pad(format(nanoseconds(candidate)), 16),
                pad(format(ratio, decimals: 2) + "×", 7),
                pad(format(medianRatio, decimals: 2) + "×", 13),
                verdict)
        }
        await suite.figures?()
    }
    if !missed.isEmpty { print("targets missed: \(missed.joined(separator: ", "))") }
}
