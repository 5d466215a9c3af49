/// Whether a site can pass `name:` at the deployment targets in effect where it is written.
public enum NameAvailability: Hashable, Sendable {
    /// `name:` exists for this kind at every deployment target.
    case available
    /// `name:` exists for this kind, but not at some deployment target; the reason says which.
    case unavailable(reason: String)
    /// This kind has no `name:` parameter at all (`async let`, `.backgroundTask`, `BGTaskScheduler.register`).
    case notApplicable(reason: String)

    public var isAvailable: Bool { self == .available }

    /// The reason a name cannot be passed, if any.
    public var reason: String? {
        switch self {
        case .available: nil
        case .unavailable(let reason), .notApplicable(let reason): reason
        }
    }

    /// The OS versions from which each `name:` overload exists. Every row is read from the toolchain's own
    /// interface (Swift 6.3.1), found with
    /// `grep -n -B3 'func addTask(name' /opt/swift/usr/lib/swift/linux/_Concurrency.swiftmodule/*.swiftinterface`
    /// (and the same for `addTaskUnlessCancelled(name`, `init(name`, `detached(name`, `immediate(name`,
    /// `immediateDetached(name`, `addImmediateTask(name`, `addImmediateTaskUnlessCancelled(name`); the line
    /// numbers are those of `x86_64-unknown-linux-gnu.swiftinterface`. Every `name:` overload is
    /// `@_alwaysEmitIntoClient`, so it needs no newer runtime than the API it extends.
    public static func requirement(for overload: NameOverload) -> [ApplePlatform: PlatformVersion] {
        switch overload.kind {
        case .taskInit, .taskDetached:
            // Lines 3090, 3148 (`init(name:priority:operation:)`), 3206, 3264 (`detached(name:…)`):
            // macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0. With `executorPreference:` (3322, 3412, 3502, 3592):
            // macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0.
            return overload.takesExecutorPreference ? os18 : os13
        case .addTask, .addTaskUnlessCancelled:
            // With `executorPreference:`, every group flavour (4090–4653: `addTask…(name:executorPreference:…)`):
            // macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0.
            if overload.takesExecutorPreference { return os18 }
            // TaskGroup / ThrowingTaskGroup (4773, 4830, 4900, 4957): macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0.
            // DiscardingTaskGroup / ThrowingDiscardingTaskGroup (5027, 5084, 5154, 5211): macOS 14.0, iOS 17.0,
            // watchOS 10.0, tvOS 17.0 (as old as the discarding groups themselves).
            return overload.group == .discarding ? os17 : os13
        case .taskImmediate, .taskImmediateDetached, .addImmediateTask, .addImmediateTaskUnlessCancelled:
            // 6184, 6278 (`immediate(name:…)`), 6372, 6466 (`immediateDetached(name:…)`), 6558–7145
            // (`addImmediateTask…(name:…)`, every group flavour; `executorPreference:` is in the same overload):
            // macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0. These APIs have no overload without
            // `name:`, so `name:` exists wherever the call compiles: no requirement of its own (a 26.0 row
            // could only misfire where the check that lets the call compile is one we cannot see).
            return [:]
        case .swiftUITask:
            // Not in the Swift interface: `.task(name:)` exists earlier but SwiftUI only forwards the name from 26.4.
            return [.iOS: .init([26, 4]), .macOS: .init([26, 4]), .tvOS: .init([26, 4]), .watchOS: .init([26, 4]), .visionOS: .init([26, 4])]
        case .asyncLet, .backgroundTask, .backgroundTaskRegistration:
            return [:]
        }
    }

    private static let os13: [ApplePlatform: PlatformVersion] = [.macOS: .init([10, 15]), .iOS: .init([13]), .watchOS: .init([6]), .tvOS: .init([13])]
    private static let os17: [ApplePlatform: PlatformVersion] = [.macOS: .init([14]), .iOS: .init([17]), .watchOS: .init([10]), .tvOS: .init([17])]
    private static let os18: [ApplePlatform: PlatformVersion] = [.macOS: .init([15]), .iOS: .init([18]), .watchOS: .init([11]), .tvOS: .init([18]), .visionOS: .init([2])]

    /// The availability of `name:` for `kind` (its plain overload) at `targets`.
    public static func of(_ kind: CreationSiteKind, at targets: DeploymentTargets) -> NameAvailability {
        of(NameOverload(kind: kind), at: targets)
    }

    /// The availability of the `name:` overload `overload` at `targets`.
    public static func of(_ overload: NameOverload, at targets: DeploymentTargets) -> NameAvailability {
        let kind = overload.kind
        guard kind.acceptsName else {
            return .notApplicable(reason: "\(kind.rawValue) has no name: parameter")
        }
        let requirement = requirement(for: overload)
        var missing: [String] = []
        for (platform, needed) in requirement.sorted(by: { $0.key < $1.key }) {
            if let target = targets.minimum(for: platform), target < needed {
                missing.append("\(platform.rawValue) \(needed) (deployment target \(target))")
            }
        }
        guard missing.isEmpty else {
            return .unavailable(reason: "\(overload) needs " + missing.joined(separator: ", "))
        }
        return .available
    }
}
