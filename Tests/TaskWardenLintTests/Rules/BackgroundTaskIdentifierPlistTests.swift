import Testing
@testable import TaskWardenLint

/// Findings of `background-task-identifier` that sit in the Info.plist rather than in Swift (the rule's own
/// examples only check positions in the Swift file).
@Suite struct BackgroundTaskIdentifierPlistTests {
    let registration = """
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.price-refresh", using: nil) { task in
            PriceRefresh.handle(task)
        }
        """

    func lint(plist: String) -> [Finding] {
        LintEngine(rules: [BackgroundTaskIdentifierRule()], parallel: false)
            .run(sources: [("App.swift", registration), ("App/Info.plist", plist)]).findings
    }

    @Test func aListedIdentifierNothingRegistersIsReportedAtItsLine() {
        let findings = lint(plist: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>BGTaskSchedulerPermittedIdentifiers</key>
            <array>
                <string>com.recordshelf.price-refresh</string>
                <string>com.recordshelf.old-sync</string>
            </array>
            </dict></plist>
            """)
        #expect(findings.count == 1)
        #expect(findings.first?.position.file == "App/Info.plist")
        #expect(findings.first?.position.line == 6)
        #expect(findings.first?.message.contains("com.recordshelf.old-sync") == true)
    }

    @Test func anUnreadablePlistIsReportedByName() {
        let findings = lint(plist: "<plist><dict><key>BGTaskSchedulerPermittedIdentifiers</key><string>x</string></dict></plist>")
        #expect(findings.count == 1)
        #expect(findings.first?.position.file == "App/Info.plist")
        #expect(findings.first?.message.contains("App/Info.plist") == true)
    }

    @Test func wildcardEntriesMatchByPrefixAndAreNotUnregistered() {
        let findings = lint(plist: """
            <plist version="1.0"><dict><key>BGTaskSchedulerPermittedIdentifiers</key>
            <array><string>com.recordshelf.*</string></array></dict></plist>
            """)
        #expect(findings.isEmpty)
    }
}
