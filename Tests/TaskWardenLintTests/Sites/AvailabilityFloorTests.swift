import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct AvailabilityFloorTests {
    @Test func earlierGuardsInTheEnclosingBlocksRaiseTheFloor() {
        let code = """
        func load() {
            Task { }
            guard #available(iOS 17, *) else { return }
            Task { }
            if #available(macOS 15, *) {
                guard #available(iOS 18, *) else { return }
                Task { }
            }
            guard #available(iOS 16, macOS 14, *) else { return }
            Task { }
        }
        @available(iOS 26, *)
        final class Later {
            func run() { Task { } }
        }
        """
        let sites = SiteTestSupport.sites(code).sites
        var guards = AvailabilityFloor.GuardIndex()
        let floors = sites.map { AvailabilityFloor.floor(around: $0.node, guards: &guards) }
        #expect(floors == [
            [:],
            [.iOS: PlatformVersion(parsing: "17")!],
            [.iOS: PlatformVersion(parsing: "18")!, .macOS: PlatformVersion(parsing: "15")!],
            [.iOS: PlatformVersion(parsing: "17")!, .macOS: PlatformVersion(parsing: "14")!],
            [.iOS: PlatformVersion(parsing: "26")!],
        ])
        // The one-shot form agrees with the indexed one.
        #expect(sites.map { AvailabilityFloor.floor(around: $0.node) } == floors)
    }

    /// A file of N top-level types, each holding a site: the statements examined to find every site's floor
    /// must grow linearly with N (it grew with N² when each site re-read the earlier top-level statements).
    @Test func workIsLinearInTopLevelStatements() {
        func statementsExamined(types count: Int) -> Int {
            var code = "guard #available(iOS 17, *) else { fatalError() }\n"
            for index in 0..<count {
                code += "final class Shelf\(index) { func load() { Task { await sync() } } }\n"
            }
            let sites = SiteTestSupport.sites(code).sites
            #expect(sites.count == count)
            var guards = AvailabilityFloor.GuardIndex()
            for site in sites {
                #expect(AvailabilityFloor.floor(around: site.node, guards: &guards) == [.iOS: PlatformVersion(parsing: "17")!])
            }
            return guards.statementsExamined
        }
        let small = statementsExamined(types: 400)
        let large = statementsExamined(types: 800)
        #expect(Double(large) <= 2.5 * Double(small), "400 types: \(small) statements examined, 800 types: \(large)")
    }
}
