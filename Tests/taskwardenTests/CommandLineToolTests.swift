import Foundation
import Testing
@testable import taskwarden

@Suite struct CommandLineToolTests {
    static let shelf = [
        "Sources/Shelf/Prices.swift": """
            final class PriceWatcher {
                func start(probe: Probe) {
                    Task(name: "price:\\(probe.releaseID)") { await probe.run() }
                    Task { await refresh() }
                }
            }
            """,
        "Sources/Shelf/Sync.swift": """
            final class CloudSyncMonitor {
                func scheduleReconcileRetry() { Task(name: "cloud-sync-reconcile-retry") { await retry() } }
            }
            """,
    ]

    @Test func helpAndVersion() throws {
        let workspace = try Workspace([:])
        let help = workspace.run("--help")
        #expect(help.status == .success)
        for command in ["lint", "list", "where", "rules", "explain"] { #expect(help.output.contains("  \(command) ")) }
        #expect(workspace.run("--version").output == "taskwarden \(CommandLineTool.version)\n")
        #expect(workspace.run("lint", "--help").output.contains("usage: taskwarden lint"))
        #expect(workspace.run("help", "where").output.contains("usage: taskwarden where"))
    }

    @Test func usageErrorsExitWith2AndSaySo() throws {
        let workspace = try Workspace([:])
        let noCommand = workspace.run()
        #expect(noCommand.status == .usageOrInputError)
        let unknown = workspace.run("lnt")
        #expect(unknown.status == .usageOrInputError)
        #expect(unknown.errors.contains("unknown subcommand 'lnt'"))
        let badFormat = workspace.run("lint", "--format", "csv")
        #expect(badFormat.status == .usageOrInputError)
        #expect(badFormat.errors.contains("--format must be one of xcode, json, sarif, github, not 'csv'"))
        #expect(workspace.run("lint", "--bogus").errors.contains("unknown option '--bogus'"))
        #expect(workspace.run("lint", "--format").errors.contains("option --format needs a value"))
        #expect(workspace.run("explain").status == .usageOrInputError)
        #expect(workspace.run("explain", "no-such-rule").errors.contains("unknown rule 'no-such-rule'"))
        #expect(workspace.run("where").status == .usageOrInputError)
    }

    @Test func everyUsageErrorNamesItsCommandAndShowsItsUsage() throws {
        let workspace = try Workspace(Self.shelf)
        let wrongUses: [(arguments: [String], problem: String)] = [
            (["lint", "--format", "csv"], "--format must be one of xcode, json, sarif, github, not 'csv'"),
            (["fix", "--format", "sarif"], "--format must be one of text, json, not 'sarif'"),
            (["list", "--strict"], "unknown option '--strict' (known: --cache-path, --config, --format, --follow-symlinks, --no-cache, --verbose, --whole-file)"),
            (["where", "--config"], "option --config needs a value"),
            (["where"], "missing LABEL"),
            (["rules", "extra"], "unexpected argument 'extra'"),
            (["explain"], "expected exactly one RULE-ID"),
            (["trace", "play"], "unknown action 'play' for 'taskwarden trace' (known: render)"),
        ]
        for (arguments, problem) in wrongUses {
            let command = arguments[0]
            let run = CommandRun(arguments, in: workspace.path)
            #expect(run.status == .usageOrInputError, "\(arguments)")
            #expect(run.errors.hasPrefix("taskwarden \(command): \(problem)\n\nusage: taskwarden \(command)"), "\(arguments): \(run.errors)")
        }
    }

    @Test func lintExitStatusFollowsSeverityAndStrict() throws {
        let workspace = try Workspace(Self.shelf)
        let plain = workspace.run("lint")
        #expect(plain.status == .success, "warnings alone do not fail the run")
        #expect(plain.output.contains("Sources/Shelf/Prices.swift:4:9: warning: Task.init has no name"))
        #expect(plain.errors.contains("1 finding (0 errors, 1 warning, 0 info) in 2 files"))
        #expect(workspace.run("lint", "--strict").status == .findings)
        #expect(workspace.run("lint", "--strict", "Sources/Shelf/Sync.swift").status == .success)

        let strictConfig = try Workspace(Self.shelf.merging([".taskwarden.json": "{\"rules\": {\"unnamed-task\": \"error\"}}"]) { $1 })
        #expect(strictConfig.run("lint").status == .findings)
    }

    @Test func lintReportsBadInputWithStatus2ButStillLintsTheRest() throws {
        let workspace = try Workspace(Self.shelf)
        let run = workspace.run("lint", "Sources", "Nowhere")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("Nowhere: error: no such file or directory"))
        #expect(run.output.contains("Prices.swift:4:9"))

        let badConfig = try Workspace(Self.shelf.merging([".taskwarden.json": "{\"naming\": {\"maxLength\": \"long\"}}"]) { $1 })
        let configRun = badConfig.run("lint")
        #expect(configRun.status == .usageOrInputError)
        #expect(configRun.errors.contains(".taskwarden.json: error: key 'naming.maxLength': expected a whole number from 16 to 9999, got \"long\""))
    }

    @Test func aMissingConfigFileIsAnInputError() throws {
        let workspace = try Workspace(Self.shelf)
        let run = workspace.run("lint", "--config", "nowhere.json")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("nowhere.json: error: cannot read the file"))
    }

    @Test func explicitConfigOverridesTheSearch() throws {
        let workspace = try Workspace(Self.shelf.merging(["strict.json": "{\"rules\": {\"unnamed-task\": \"off\"}}"]) { $1 })
        let run = workspace.run("lint", "--config", "strict.json", "--strict")
        #expect(run.status == .success)
        #expect(run.output.isEmpty)
    }

    @Test func lintFormats() throws {
        let workspace = try Workspace(Self.shelf)
        let json = try JSONSerialization.jsonObject(with: Data(workspace.run("lint", "--format", "json").output.utf8)) as? [String: Any]
        #expect((json?["findings"] as? [Any])?.count == 1)
        let sarif = try JSONSerialization.jsonObject(with: Data(workspace.run("lint", "--format=sarif").output.utf8)) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        #expect(workspace.run("lint", "--format", "github").output.hasPrefix("::warning file=Sources/Shelf/Prices.swift,line=4,col=9,"))
    }

    @Test func listShowsTheInventory() throws {
        let workspace = try Workspace(Self.shelf)
        let text = workspace.run("list")
        #expect(text.status == .success)
        #expect(text.output.contains("Sources/Shelf/Prices.swift:3:9"))
        #expect(text.output.contains("(unnamed: profiler shows 'PriceWatcher.start(probe:)')"))
        #expect(text.output.hasSuffix("3 creation sites (2 named) in 2 files (2 parsed)\n"))
        let json = try JSONSerialization.jsonObject(with: Data(workspace.run("list", "--format", "json").output.utf8)) as? [String: Any]
        let sites = json?["sites"] as? [[String: Any]]
        #expect(sites?.map { $0["kind"] as? String } == ["Task.init", "Task.init", "Task.init"])
        #expect(sites?.first?["file"] as? String == "Sources/Shelf/Prices.swift")
    }

    @Test func whereLeadsFromALabelToItsSites() throws {
        let workspace = try Workspace(Self.shelf)
        let interpolated = workspace.run("where", "price:84213")
        #expect(interpolated.status == .success)
        #expect(interpolated.output.contains("Sources/Shelf/Prices.swift:3:9: Task.init named \"price:\\(…)\" (matches price:84213)"))
        let exact = workspace.run("where", "cloud-sync-reconcile-retry")
        #expect(exact.output.contains("Sources/Shelf/Sync.swift:2:37"))
        let unnamed = workspace.run("where", "PriceWatcher.start(probe:)")
        #expect(unnamed.output.contains("Sources/Shelf/Prices.swift:4:9: Task.init unnamed"))
        for spelling in ["PriceWatcher.start(probe:) + 20", "Shelf.PriceWatcher.start(probe:)",
                         "PriceWatcher.start(probe:) at Prices.swift:4:9", "partial apply for PriceWatcher.start(probe:)"] {
            #expect(workspace.run("where", spelling).output.contains("Sources/Shelf/Prices.swift:4:9: Task.init unnamed"), "\(spelling)")
        }
        let none = workspace.run("where", "nothing-like-this")
        #expect(none.status == .findings)
        #expect(none.errors.contains("no creation site matches 'nothing-like-this'"))
        let json = try JSONSerialization.jsonObject(with: Data(workspace.run("where", "--format", "json", "price:1").output.utf8)) as? [String: Any]
        #expect((json?["sites"] as? [Any])?.count == 1)
    }

    @Test func rulesAndExplain() throws {
        let workspace = try Workspace([:])
        let rules = workspace.run("rules")
        #expect(rules.output.contains("unnamed-task "))
        #expect(rules.output.contains("async-let-unnamed") && rules.output.contains("off"))
        let explain = workspace.run("explain", "task-name-format")
        #expect(explain.output.hasPrefix("task-name-format: "))
        #expect(explain.output.contains("Triggering examples"))
        #expect(explain.output.contains("Task(name: ↓\"PriceCheck\")"))
        #expect(explain.output.contains("Cannot see"))
    }
}
