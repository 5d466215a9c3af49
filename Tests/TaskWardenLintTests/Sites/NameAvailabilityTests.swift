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

    /// One platform at a time, at and just below a version.
    static func at(_ platform: ApplePlatform, _ version: [Int]) -> DeploymentTargets {
        DeploymentTargets([platform: PlatformVersion(version)])
    }

    /// The boundary of each row of the table read from `_Concurrency.swiftinterface`: available at the
    /// version, unavailable just below it, on every platform the row names.
    static let boundaries: [(code: String, versions: [ApplePlatform: (below: [Int], at: [Int])])] = [
        ("Task(name: nil) { }; Task.detached { }",
         [.iOS: ([12, 4], [13]), .macOS: ([10, 14], [10, 15]), .tvOS: ([12, 4], [13]), .watchOS: ([5, 3], [6])]),
        ("Task(executorPreference: pool) { }; Task.detached(executorPreference: pool) { }",
         [.iOS: ([17, 6], [18]), .macOS: ([14, 7], [15]), .tvOS: ([17, 6], [18]), .watchOS: ([10, 6], [11]), .visionOS: ([1, 3], [2])]),
        ("await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; group.addTaskUnlessCancelled { 2 } }",
         [.iOS: ([12, 4], [13]), .macOS: ([10, 14], [10, 15]), .tvOS: ([12, 4], [13]), .watchOS: ([5, 3], [6])]),
        ("try await withThrowingTaskGroup(of: Int.self) { g in g.addTask(priority: .low) { 1 } }",
         [.iOS: ([12, 4], [13]), .macOS: ([10, 14], [10, 15]), .tvOS: ([12, 4], [13]), .watchOS: ([5, 3], [6])]),
        ("await withDiscardingTaskGroup { group in group.addTask { }; group.addTaskUnlessCancelled { } }",
         [.iOS: ([16, 4], [17]), .macOS: ([13, 6], [14]), .tvOS: ([16, 4], [17]), .watchOS: ([9, 6], [10])]),
        ("try await withThrowingDiscardingTaskGroup(body: { $0.addTask { } })",
         [.iOS: ([16, 4], [17]), .macOS: ([13, 6], [14]), .tvOS: ([16, 4], [17]), .watchOS: ([9, 6], [10])]),
        ("func add(to group: inout DiscardingTaskGroup) { group.addTask { } }",
         [.iOS: ([16, 4], [17]), .macOS: ([13, 6], [14])]),
        ("await withTaskGroup(of: Int.self) { group in group.addTask(executorPreference: pool) { 1 } }",
         [.iOS: ([17, 6], [18]), .macOS: ([14, 7], [15]), .tvOS: ([17, 6], [18]), .watchOS: ([10, 6], [11]), .visionOS: ([1, 3], [2])]),
        ("await withDiscardingTaskGroup { group in group.addTaskUnlessCancelled(executorPreference: pool) { } }",
         [.iOS: ([17, 6], [18]), .macOS: ([14, 7], [15]), .tvOS: ([17, 6], [18]), .watchOS: ([10, 6], [11]), .visionOS: ([1, 3], [2])]),
    ]

    @Test(arguments: boundaries.indices)
    func eachOverloadIsNameableFromItsInterfaceVersion(_ index: Int) {
        let row = Self.boundaries[index]
        for (platform, versions) in row.versions {
            let below = Self.availability(row.code, Self.at(platform, versions.below))
            let at = Self.availability(row.code, Self.at(platform, versions.at))
            #expect(!below.isEmpty && below.allSatisfy { !$0.isAvailable }, "\(row.code) at \(platform) \(versions.below)")
            #expect(!at.isEmpty && at.allSatisfy(\.isAvailable), "\(row.code) at \(platform) \(versions.at)")
        }
    }

    @Test func immediateKindsHaveNoOverloadWithoutNameSoNoRequirementOfTheirOwn() {
        let code = "Task.immediate { }; Task.immediateDetached(executorPreference: e) { }; group.addImmediateTask { }; group.addImmediateTaskUnlessCancelled { }"
        #expect(Self.availability(code, Self.iOS17) == Array(repeating: .available, count: 4))
    }

    @Test func platformsARowDoesNotNameAreNoConstraint() {
        // Plain groups' `name:` overloads carry no visionOS version: available at any visionOS target.
        #expect(Self.availability("group.addTask { }", Self.at(.visionOS, [1])) == [.available])
    }

    @Test func groupAddTaskBelowIOS18IsNameable() {
        // The 42 real sites the earlier table left unnamed: a plain group's `addTask(name:)` is iOS 13+.
        #expect(Self.availability("group.addTask { }; group.addTaskUnlessCancelled { }", Self.iOS17) == [.available, .available])
    }

    @Test func theReasonNamesTheOverloadAndEveryMissingPlatform() {
        let result = Self.availability("group.addTask(executorPreference: pool) { }", Self.iOS17)
        #expect(result.first?.reason?.hasPrefix("addTask(name:executorPreference:) needs") == true)
        #expect(result.first?.reason?.contains("iOS 18.0 (deployment target 17.0)") == true)
        #expect(result.first?.reason?.contains("macOS 15.0 (deployment target 14.0)") == true)
        let discarding = Self.availability("await withDiscardingTaskGroup { g in g.addTask { } }", Self.at(.iOS, [16]))
        #expect(discarding.first?.reason == "discarding-group addTask(name:) needs iOS 17.0 (deployment target 16.0)")
    }

    @Test func linuxOrUnconfiguredMeansEverythingIsNameable() {
        #expect(Self.availability("group.addTaskUnlessCancelled { }", DeploymentTargets()) == [.available])
    }

    @Test func availabilityChecksRaiseTheFloor() {
        let code = """
            func a() { if #available(iOS 18, macOS 15, *) { group.addTask(executorPreference: e) { } } else { group.addTask(executorPreference: e) { } } }
            func b() { guard #available(iOS 18.0, macOS 15.0, *) else { return }; group.addTask(executorPreference: e) { } }
            @available(iOS 18, macOS 15, *) func c() { group.addTask(executorPreference: e) { } }
            @available(iOS, introduced: 18.0) @available(macOS, introduced: 15.0) func d() { group.addTask(executorPreference: e) { } }
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
