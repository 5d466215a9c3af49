/// The example's knobs, parsed from the command line. `swift run price-check --help` prints ``usage``.
struct PriceCheckOptions: Equatable {
    var items = 300
    var concurrency = 6
    var serverLimit = 40
    var window: Duration = .milliseconds(250)
    var initialLimit = 60
    var latency: ClosedRange<Int> = 10...40
    var cancelAfter: Duration?
    var tracePath = "trace.json"
    var seed: UInt64 = 1
    var serveCensus = false

    static let usage = """
        usage: price-check [OPTIONS]

        Checks prices for a RecordShelf wantlist against a simulated price service: a bounded fan-out
        (children named price:<releaseID>), a shared rate limiter that adapts to the limit the service
        reports, and a trace recorder. Writes a Chrome trace and prints a summary. The default run takes
        about two seconds: the service's "minute" is shortened to --window-ms.

        options:
          --items N             wantlist size (default 300)
          --concurrency N       most price lookups in flight (default 6)
          --server-limit N      requests the service allows per window (default 40)
          --window-ms MS        the service's rate-limit window (default 250)
          --initial-limit N     the client's guess before the first response reports the real limit (default 60)
          --latency-ms MIN-MAX  simulated response time (default 10-40)
          --cancel-after-ms MS  cancel the price check after MS to see partial results applied (default: never)
          --trace PATH          where to write the Chrome trace (default trace.json)
          --seed N              seed for latencies and prices (default 1)
          --serve-census        check the wantlist again and again, serving the task census for
                                `taskwarden top` (Ctrl-C stops); leaks one price-alert task per round
                                on purpose, so top's "growing" marker has something to show
          -h, --help            show this help

        background simulation mode (virtual time, no trace):
        \(SimulateDaysMode.helpText)

        Then: swift run taskwarden trace render trace.json -o timeline.html
        """

    enum ParseResult: Equatable {
        case run(PriceCheckOptions)
        case help
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var options = PriceCheckOptions()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "-h" || flag == "--help" { return .help }
            if flag == "--serve-census" {
                options.serveCensus = true
                continue
            }
            guard let value = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value (see --help)") }
            func positive(_ text: String) throws(UsageError) -> Int {
                guard let number = Int(text), number > 0 else {
                    throw UsageError(description: "\(flag) needs a positive whole number, got '\(text)'")
                }
                return number
            }
            switch flag {
            case "--items": options.items = try positive(value)
            case "--concurrency": options.concurrency = try positive(value)
            case "--server-limit": options.serverLimit = try positive(value)
            case "--window-ms": options.window = .milliseconds(try positive(value))
            case "--initial-limit": options.initialLimit = try positive(value)
            case "--cancel-after-ms": options.cancelAfter = .milliseconds(try positive(value))
            case "--trace": options.tracePath = value
            case "--seed":
                guard let seed = UInt64(value) else { throw UsageError(description: "--seed needs a whole number, got '\(value)'") }
                options.seed = seed
            case "--latency-ms":
                let parts = value.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
                guard parts.count == 2, let low = parts[0], let high = parts[1], low >= 0, low <= high else {
                    throw UsageError(description: "--latency-ms needs MIN-MAX in milliseconds with MIN <= MAX, got '\(value)'")
                }
                options.latency = low...high
            default:
                throw UsageError(description: "unknown option '\(flag)' (see --help)")
            }
        }
        return .run(options)
    }
}
