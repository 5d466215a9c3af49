import Foundation
import Testing
import TaskWarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `taskwarden top` in a real terminal — a tmux pane — driven with keystrokes as a person would, the screen
/// read back with `capture-pane`. (Scripts/ci-prerequisites.sh installs tmux on CI.)
@Suite(.serialized, .timeLimit(.minutes(5)),
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed: run Scripts/ci-prerequisites.sh"))
struct TopTerminalTests {
    /// The pane runs top, then reports its exit status and the terminal's mode once it has ended.
    static func session(_ runtime: RuntimeFolder, arguments: String = "") throws -> TmuxSession {
        let command = "env XDG_RUNTIME_DIR=\(runtime.path) \(builtProduct("taskwarden")) top --interval-ms 100 \(arguments); "
            + "echo \"EXITED $?\"; stty -a; sleep 600"
        return try TmuxSession(width: 110, height: 40, command: command)
    }

    /// The table row of `family` (after the selection mark and the ▸/▾).
    static func row(_ family: String, in screen: [String]) -> String? {
        screen.first { $0.dropFirst(4).hasPrefix(family + " ") }
    }

    @Test func sortFilterExpandTreeAndQuit() throws {
        let runtime = RuntimeFolder()
        // Rounds of a few hundred milliseconds: a handful of leaked alerts per second, so the tree still fits.
        let served = try ServedExample(in: runtime, latency: "100-200")
        let tmux = try Self.session(runtime)

        // The family table, with the leaked alerts marked as growing once three one-second samples agree.
        let first = try #require(try tmux.screen { screen in
            Self.row("price-alert", in: screen)?.contains("▲ growing") == true
        }, "\((try? tmux.screen())?.joined(separator: "\n") ?? "")")
        #expect(first[0].hasPrefix("price-check (pid \(served.pid)) · "))
        #expect(first[0].hasSuffix(" · sorted by count"))
        #expect(first[2].hasPrefix("    FAMILY ") && first[2].hasSuffix(" TASKS    OLDEST"))
        #expect(first.contains("sort: c count · a age · n name │ ↑↓ select · ⏎ expand · e all · t tree · / filter · q quit"))
        #expect(Self.row("price-check", in: first) != nil || Self.row("price", in: first) != nil)

        // Sorting by age puts the oldest family — the alerts, alive since the first round — first.
        try tmux.send("a")
        let byAge = try #require(try tmux.screen { $0[0].hasSuffix("sorted by age") })
        #expect(byAge[3].hasPrefix("› ▸ price-alert "))

        // A filter typed after "/" shows only matching tasks once applied.
        try tmux.send("/", "alert")
        #expect(try tmux.screen { $0.contains { $0.hasPrefix("filter: /alert▏") } } != nil)
        try tmux.send("Enter")
        let filtered = try #require(try tmux.screen { $0[1] == "filter: alert  (esc clears)" })
        #expect(filtered[3].hasPrefix("› ▸ price-alert "))
        #expect(Self.row("price", in: filtered) == nil)
        #expect(Self.row("price-check", in: filtered) == nil)

        // Enter expands the selected family into its tasks.
        try tmux.send("Enter")
        let expanded = try #require(try tmux.screen { $0[3].hasPrefix("› ▾ price-alert ") })
        #expect(expanded[4].hasPrefix("     ├─ \"price-alert:1\" #"))
        #expect(expanded[4].contains("PriceCheck/ServeCensusMode.swift:"))

        // Escape clears the filter; "t" shows the whole tree, price lookups under their round.
        try tmux.send("Escape", "t")
        let tree = try #require(try tmux.screen { screen in
            screen[0].hasSuffix("task tree") && screen.contains { $0.hasPrefix("     ├─ \"price:") || $0.hasPrefix("     └─ \"price:") }
        })
        #expect(tree.contains { $0.dropFirst(2).hasPrefix("├─ \"price-alert:1\" #") })
        #expect(tree.contains { $0.contains("\"price-check:round-") })

        // "q" leaves the alternate screen and gives the terminal back in its normal (cooked) mode.
        try tmux.send("q")
        let after = try #require(try tmux.screen { $0.contains("EXITED 0") && $0.contains { $0.contains("icanon") } })
        #expect(!after.contains { $0.hasPrefix("sort: c count") })
        let modes = after.joined(separator: " ")
        #expect(modes.contains(" icanon") && !modes.contains("-icanon"))
        #expect(modes.contains(" echo ") && !modes.contains("-echo "))
    }

    @Test func sigtermRestoresTheTerminalToo() throws {
        let runtime = RuntimeFolder()
        let served = try ServedExample(in: runtime, latency: "100-200")
        let tmux = try Self.session(runtime)
        defer { withExtendedLifetime(served) {} }
        #expect(try tmux.screen { $0.contains { $0.hasPrefix("sort: c count") } } != nil)
        // top is the only child of the pane's shell.
        let shell = try tmux.panePID()
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let top = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        #expect(kill(top, SIGTERM) == 0)
        let after = try #require(try tmux.screen { $0.contains("EXITED 0") && $0.contains { $0.contains("icanon") } }, "\((try? tmux.screen())?.joined(separator: "\n") ?? "")")
        #expect(!after.contains { $0.hasPrefix("sort: c count") })
        #expect(after.joined(separator: " ").contains(" icanon"))
        #expect(!after.joined(separator: " ").contains("-icanon"))
    }

    /// Tests run in parallel: a tmux server that kept a descriptor of this process would hold another test's
    /// pipe open, and that test's read to the end of its output would wait for the server to exit.
    @Test func theTmuxServerKeepsNoneOfTheTestProcesssDescriptors() throws {
        let pipe = Pipe()
        let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(pipe.fileHandleForWriting.fileDescriptor)")
        let tmux = try TmuxSession(width: 40, height: 10, command: "sleep 600")
        let server = try tmux.serverPID()
        let held = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server)/fd")
            .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(server)/fd/\($0)") }
        #expect(!held.isEmpty)
        #expect(!held.contains(ours), "the tmux server holds \(ours)")
        withExtendedLifetime(pipe) {}
    }
}
