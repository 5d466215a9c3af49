import Testing
@testable import TaskWardenLint

@Suite struct NameAvailabilityTests {
    static let iOS17 = DeploymentTargets([.iOS: PlatformVersion([17, 0]), .macOS: PlatformVersion([14])])
    static let iOS18 = DeploymentTargets([.iOS: PlatformVersion([18, 0]), .macOS: PlatformVersion([15])])

    static func availability(_ code: String, _ targets: DeploymentTargets) -> [NameAvailability] {
        SiteTestSupport.sites(code, targets: targets).sites.map(\.nameAvailability)
    }

    @Test func taskInitAndDetachedAreNameableEverywhere() {
        #expect(Self.availability("Task { }; Task.detached { }", Self.iOS17) == [.available, .available])
    }

    @Test func groupNamesNeedTheOS18Runtime() {
        let result = Self.availability("group.addTask { }", Self.iOS17)
        #expect(result.count == 1)
        #expect(!(result.first?.isAvailable ?? true))
        #expect(result.first?.reason?.contains("iOS 18.0 (deployment target 17.0)") == true)
        #expect(result.first?.reason?.contains("macOS 15.0 (deployment target 14.0)") == true)
        #expect(Self.availability("group.addTask { }", Self.iOS18) == [.available])
    }

    @Test func linuxOrUnconfiguredMeansEverythingIsNameable() {
        #expect(Self.availability("group.addTaskUnlessCancelled { }", DeploymentTargets()) == [.available])
    }

    @Test func availabilityChecksRaiseTheFloor() {
        let code = """
            func a() { if #available(iOS 18, macOS 15, *) { group.addTask { } } else { group.addTask { } } }
            func b() { guard #available(iOS 18.0, macOS 15.0, *) else { return }; group.addTask { } }
            @available(iOS 18, macOS 15, *) func c() { group.addTask { } }
            @available(iOS, introduced: 18.0) @available(macOS, introduced: 15.0) func d() { group.addTask { } }
            """
        #expect(Self.availability(code, Self.iOS17).map(\.isAvailable) == [true, false, true, true, true])
    }

    @Test func swiftUITaskNamesTakeEffectFrom26_4() {
        #expect(Self.availability("v.task { }", Self.iOS18).map(\.isAvailable) == [false])
        #expect(Self.availability("v.task { }", DeploymentTargets([.iOS: PlatformVersion([26, 4])])) == [.available])
    }

    @Test func kindsWithoutANameParameterAreNotApplicable() {
        let code = "func f() async { async let x = g() }\nscene.backgroundTask(.appRefresh(\"x\")) { }"
        let result = Self.availability(code, DeploymentTargets())
        #expect(result.count == 2)
        for availability in result {
            guard case .notApplicable = availability else {
                Issue.record("expected notApplicable, got \(availability)")
                continue
            }
        }
    }
}
