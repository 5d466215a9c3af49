// RuntimeBenchmarks: every figure is a ratio against a plain-Swift baseline measured in the same run.
//
//     swift run -c release RuntimeBenchmarks            # every suite
//     swift run -c release RuntimeBenchmarks lock census # only the named suites
//
// Each suite lives in its own file and is listed here, one line per suite.
let suites: [BenchmarkSuite] = [
    lockSuite,
    creationSuite,
    registrySuite,
    slotSuite,
    fanOutSuite,
    tracingSuite,
    pacingSuite,
    backgroundSuite,
]

// CPU, not time, and a client process: census-serve has its own runner (CensusServeBenchmarks.swift).
if CommandLine.arguments.dropFirst().first == "census-serve" { await runCensusServeBenchmark() } else {
await runBenchmarks(suites, selecting: Array(CommandLine.arguments.dropFirst()))
}
