import Testing
@testable import TaskWardenLint

/// A `fix` run that was interrupted after writing some files, followed by another `fix`, ends with the tree a
/// single uninterrupted run writes.
@Suite struct FixAfterInterruptionTests {
    static let subscription = """
        struct Subscription {
            func check() {
                Task { await alert() }
            }
        }

        """
    static let debug = """
        extension Subscription {
            func check(debug: Bool) {
                Task { await entitlements() }
            }
        }

        """

    /// Applies a plan's new bytes to the files it changed (all of them, or only `only`).
    static func apply(_ plan: FixPlan, to files: [(path: String, text: String)], only: Set<String>? = nil) -> [(path: String, text: String)] {
        files.map { file in
            guard only?.contains(file.path) ?? true, let text = fixedText(plan, file.path) else { return file }
            return (file.path, text)
        }
    }

    @Test func aRunAfterAnInterruptedRunWritesWhatTheUninterruptedRunWrites() {
        let tree: [(path: String, text: String)] = [("Subscription.swift", Self.subscription), ("Subscription+Debug.swift", Self.debug)]
        let whole = Self.apply(planFix(tree), to: tree)
        #expect(whole[0].text.contains(#"Task(name: "subscription-check-alert")"#))
        #expect(whole[1].text.contains(#"Task(name: "subscription-check-entitlements")"#))

        // Interrupted after writing either file: the next run finishes the same tree.
        for written in tree.map(\.path) {
            let interrupted = Self.apply(planFix(tree), to: tree, only: [written])
            let resumed = Self.apply(planFix(interrupted), to: interrupted)
            #expect(resumed.map(\.text) == whole.map(\.text), "interrupted after writing \(written)")
            // And a third run has nothing left to do.
            #expect(planFix(resumed).edits.isEmpty)
        }
    }

    @Test func aNameChosenByHandIsStillSteppedAround() {
        // `subscription-check` is not a name `fix` derives for the audit site, so it stays taken.
        let named = "extension Subscription {\n    func audit() { Task(name: \"subscription-check\") { await log() } }\n}\n"
        let plan = planFix([("Subscription.swift", Self.subscription), ("Subscription+Audit.swift", named)])
        #expect(plan.edits.map(\.name) == ["subscription-check-alert"])
    }

    @Test func anOwnNameThatWouldNowDifferIsKeptAndOthersStepAroundIt() {
        // Fixed alone first, the site took the short name; names are never rewritten, so the other site steps
        // around it rather than both changing.
        let alone = Self.subscription.replacingOccurrences(of: "Task {", with: #"Task(name: "subscription-check") {"#)
        let plan = planFix([("Subscription.swift", alone), ("Subscription+Debug.swift", Self.debug)])
        #expect(plan.edits.map(\.name) == ["subscription-check-entitlements"])
    }
}
