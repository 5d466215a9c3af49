// Lint benchmark: on a directory, prints files, bytes, sites, the time of a full lint run (byte scan +
// parallel parse + rules), and the time of parsing every file with SwiftParser on one core, as a ratio
// measured in the same run (the sub-file lint runs interleaved with slices of that parse), and which SwiftSyntax
// build is linked.
//
// usage: LintBenchmarks DIRECTORY [--repeat N]
// Run through Benchmarks/lint-benchmark.sh, which builds in release mode first.
import Foundation
import SwiftParser
import SwiftSyntax
import TaskWardenLint

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("LintBenchmarks: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var repetitions = 3
if let index = arguments.firstIndex(of: "--repeat") {
    guard index + 1 < arguments.count, let count = Int(arguments[index + 1]), count > 0 else { fail("--repeat needs a positive number") }
    repetitions = count
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count == 1 else { fail("usage: LintBenchmarks DIRECTORY [--repeat N]") }
let directory = arguments[0]
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
    fail("\(directory): not a directory")
}

/// Which SwiftSyntax the process runs: the toolchain's shared library (library-evolution build) shows up in
/// the process's memory map; a package build is linked statically.
func swiftSyntaxBuild() -> String {
    // /proc files report size 0, so read them to the end rather than by size.
    let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data()
    let maps = String(decoding: data, as: UTF8.self)
    if let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("libSwiftParser.so") }),
       let path = line.split(separator: " ").last {
        return "toolchain (shared library \(path), built for library evolution)"
    }
    return "swift-syntax package (statically linked, built from source with this build's optimisation)"
}

/// CPU time of this thread while `body` runs: unlike wall-clock time, not inflated by other processes.
func threadCPUTime(_ body: () -> Void) -> Duration {
    func now() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
    let start = now()
    body()
    return now() - start
}

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let clock = ContinuousClock()
let request = LintRequest(paths: [directory])

// Warm the file cache (and the engine) once, untimed.
let warmUp = LintEngine().run(request)
let statistics = warmUp.statistics
let files = warmUp.tree.files.count

/// CPU time of the whole process (all threads) so far.
func processCPUTime() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}

/// Wall and CPU time (all threads) of `repetitions` lint runs in one mode: medians, and the last run's statistics.
@MainActor func measureLint(wholeFile: Bool) -> (wall: Duration, cpu: Duration, statistics: LintStatistics) {
    var walls: [Duration] = []
    var cpus: [Duration] = []
    var last = LintStatistics()
    for _ in 0..<repetitions {
        let cpuBefore = processCPUTime()
        walls.append(clock.measure { last = LintEngine(wholeFile: wholeFile).run(request).statistics })
        cpus.append(processCPUTime() - cpuBefore)
    }
    return (median(walls), median(cpus), last)
}
let wholeRun = measureLint(wholeFile: true)

// Every .swift file the lint considered, parsed on this thread, one after another.
let paths: [String] = {
    var result: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(".swift"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
        result.append(directory + "/" + relative)
    }
    return result
}()
// The sub-file lint runs are interleaved with the full parse: one lint run before each of `slices` equal
// slices of the files, in each of the parse's rounds. The shared host's load moves on a scale of seconds, and
// a ratio of two figures taken a minute apart moved with it; interleaved, both see the same minute.
let slices = 6
let sliceSize = (paths.count + slices - 1) / slices
var parseTimes: [Duration] = []
var parseCPUTimes: [Duration] = []
var subWalls: [Duration] = []
var subCPUs: [Duration] = []
var subStatistics = LintStatistics()
var parsedBytes = 0
for _ in 0..<max(1, min(repetitions, 2)) {
    parsedBytes = 0
    var wall = Duration.zero
    var cpu = Duration.zero
    for start in stride(from: 0, to: paths.count, by: sliceSize) {
        let lintCPUBefore = processCPUTime()
        subWalls.append(clock.measure { subStatistics = LintEngine().run(request).statistics })
        subCPUs.append(processCPUTime() - lintCPUBefore)
        let cpuBefore = processCPUTime()
        wall += clock.measure {
            for path in paths[start..<min(paths.count, start + sliceSize)] {
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { continue }
                parsedBytes += data.count
                _ = Parser.parse(source: text)
            }
        }
        cpu += processCPUTime() - cpuBefore
    }
    parseTimes.append(wall)
    parseCPUTimes.append(cpu)
}
let subRun = (wall: median(subWalls), cpu: median(subCPUs), statistics: subStatistics)

let lint = subRun.wall
let parse = median(parseTimes)
let lines = paths.reduce(0) { total, path in
    total + ((try? String(contentsOfFile: path, encoding: .utf8))?.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } ?? 0)
}
print("directory:              \(directory)")
print("SwiftSyntax:            \(swiftSyntaxBuild())")
print("cores:                  \(ProcessInfo.processInfo.activeProcessorCount)")
print("files:                  \(statistics.filesFound) .swift (\(lines) lines)")
print("bytes:                  \(statistics.bytesFound)")
print("parsed by lint:         \(statistics.filesParsed) files, \(statistics.bytesParsed) bytes (\(String(format: "%.1f", 100 * Double(statistics.bytesParsed) / Double(max(1, statistics.bytesFound))))% of bytes; the byte scan skipped the rest)")
print("sites:                  \(statistics.sites)")
print("findings:               \(warmUp.findings.count)")
print("lint, sub-file:         \(String(format: "%.3f", seconds(subRun.wall))) s wall, \(String(format: "%.3f", seconds(subRun.cpu))) s CPU (user+sys, all threads; medians of \(subWalls.count), interleaved with the full parse)")
print("lint, --whole-file:     \(String(format: "%.3f", seconds(wholeRun.wall))) s wall, \(String(format: "%.3f", seconds(wholeRun.cpu))) s CPU (medians of \(repetitions))")
for (name, run) in [("sub-file", subRun), ("whole-file", wholeRun)] {
    let stats = run.statistics
    print("  \(name): bytes parsed \(stats.bytesParsed) / scanned \(stats.bytesScanned) (\(String(format: "%.1f", 100 * Double(stats.bytesParsed) / Double(max(1, stats.bytesScanned))))%), \(stats.filesParsedSubFile) files sub-file (\(stats.filesParsedForFunctionReach) with every function the background rules index), \(stats.filesParsed - stats.filesParsedSubFile) whole, \(stats.fallbacks) fallbacks")
    for (reason, count) in stats.wholeFileReasons.sorted(by: { $0.value > $1.value }) { print("    whole, \(reason): \(count)") }
}
print("full parse (one core):  \(String(format: "%.3f", seconds(parse))) s (median of \(parseTimes.count), \(paths.count) files, \(parsedBytes) bytes, in \(slices) slices)")
print("ratio:                  \(String(format: "%.1f", seconds(parse) / max(seconds(lint), 1e-9)))× (full single-core parse / sub-file lint, wall clock; whole-file \(String(format: "%.1f", seconds(parse) / max(seconds(wholeRun.wall), 1e-9)))×)")
let lintCPU = subRun.cpu
let parseCPU = median(parseCPUTimes)
print("CPU time:               lint \(String(format: "%.3f", seconds(lintCPU))) s over all threads, full parse \(String(format: "%.3f", seconds(parseCPU))) s (\(String(format: "%.1f", seconds(parseCPU) / max(seconds(lintCPU), 1e-9)))× less CPU; whole-file lint \(String(format: "%.1f", seconds(parseCPU) / max(seconds(wholeRun.cpu), 1e-9)))×)")
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map { String($0.split(separator: " ").prefix(3).joined(separator: " ")) }
    ?? String(decoding: FileHandle(forReadingAtPath: "/proc/loadavg")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
print("load average:           \(load.trimmingCharacters(in: .whitespacesAndNewlines)) (other processes share the cores; wall-clock ratios shrink under load)")
_ = files

// Where the time goes, one core: byte scan, parse of the files that pass it, discovery, rules.
if CommandLine.arguments.contains("--profile") || ProcessInfo.processInfo.environment["LINT_BENCHMARK_PROFILE"] != nil {
    let scanner = CreationTokenScanner()
    var texts: [(String, String)] = []
    let scan = threadCPUTime {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let bytes = [UInt8](data)
            if scanner.mayContainSite(bytes), let text = String(validating: bytes, as: UTF8.self) { texts.append((path, text)) }
        }
    }
    var trees: [SourceFileSyntax] = []
    let parseOnly = threadCPUTime { trees = texts.map { Parser.parse(source: $0.1) } }
    var analyses: [FileAnalysis] = []
    let analyse = threadCPUTime { analyses = texts.map { FileAnalysis(path: $0.0, source: $0.1) } }
    let lineTables = threadCPUTime { for (_, text) in texts { _ = SourceLineTable(text) } }
    let discovery = threadCPUTime {
        for ((path, text), tree) in zip(texts, trees) {
            _ = CreationSiteDiscovery.discover(in: tree, source: text, file: path, deploymentTargets: DeploymentTargets())
        }
    }
    print("profile detail:         line tables \(String(format: "%.3f", seconds(lineTables))) s, discovery \(String(format: "%.3f", seconds(discovery))) s")
    let serial = clock.measure { _ = LintEngine(parallel: false).run(request) }
    let parallel = clock.measure { _ = LintEngine(parallel: true).run(request) }
    print("parallel speed-up:      serial lint \(String(format: "%.3f", seconds(serial))) s, parallel \(String(format: "%.3f", seconds(parallel))) s (\(String(format: "%.2f", seconds(serial) / max(seconds(parallel), 1e-9)))×)")
    let tree = TreeAnalysis(files: analyses)
    let rules = threadCPUTime { _ = LintEngine(parallel: false).findings(in: tree) }
    print("profile (CPU time, one thread): scan \(String(format: "%.3f", seconds(scan))) s, parse \(String(format: "%.3f", seconds(parseOnly))) s, parse+discovery \(String(format: "%.3f", seconds(analyse))) s, rules \(String(format: "%.3f", seconds(rules))) s (\(trees.count) files)")
}
