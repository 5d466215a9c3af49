import Foundation
import PriceCheckScenarios
import TaskWardenTesting

/// `price-check --simulate-days N [--items N] [--seed N] [--rate N]`: runs the background price check in the
/// simulator (virtual time, milliseconds of real time), prints each run's coverage and ends with
/// `checked N/N items in K runs; lost 0 completed results`.
enum SimulateDaysMode {
    /// For `--help`.
    static let helpText = """
          --simulate-days N   simulate N days of background refreshes (virtual time) and print per-run coverage
            --items N         wantlist size in the simulation (default 300)
            --rate N          requests per minute the simulated price service allows (default 40)
            --seed N          seed for delays, budgets, latencies and failures (default 1)
        """

    /// Runs the simulation and exits when `--simulate-days` is among `arguments`; returns otherwise.
    static func runIfRequested(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        guard arguments.contains("--simulate-days") else { return }
        do {
            let (days, configuration) = try parse(arguments)
            let report = try PriceCheckScenario(.correct, configuration: configuration).run(for: .days(days))
            for run in report.runs { print(run) }
            print(report.summary)
            exit(report.lostResults == 0 && !report.chainBroken ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("price-check: \(error)\n".utf8))
            exit(64)
        }
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> (days: Int, configuration: PriceCheckScenario.Configuration) {
        func value(_ flag: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
            guard let index = arguments.firstIndex(of: flag) else { return fallback }
            guard index + 1 < arguments.count else { throw UsageError(description: "\(flag) needs a number") }
            let text = arguments[index + 1]
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(description: "\(flag) must be a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
            }
            return number
        }
        let days = try value("--simulate-days", default: 1, range: 1...3650)
        var configuration = PriceCheckScenario.Configuration(items: try value("--items", default: 300, range: 1...100_000))
        configuration.requestsPerMinute = try value("--rate", default: 40, range: 1...10_000)
        configuration.seed = UInt64(try value("--seed", default: 1, range: 0...Int.max))
        return (days, configuration)
    }
}
