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

    /// The OS versions from which each kind's `name:` overload exists (SE-0469; SwiftUI for `.task`).
    /// A kind missing from this table has its `name:` wherever the API itself exists.
    public static func requirement(for kind: CreationSiteKind) -> [ApplePlatform: PlatformVersion] {
        switch kind {
        case .addTask, .addTaskUnlessCancelled:
            // The group `name:` overloads are not back-deployed: they need the OS 18-era runtime.
            return [.iOS: .init([18]), .macOS: .init([15]), .tvOS: .init([18]), .watchOS: .init([11]), .visionOS: .init([2])]
        case .swiftUITask:
            // `.task(name:)` exists earlier but SwiftUI only forwards the name from 26.4.
            return [.iOS: .init([26, 4]), .macOS: .init([26, 4]), .tvOS: .init([26, 4]), .watchOS: .init([26, 4]), .visionOS: .init([26, 4])]
        default:
            // Task.init/detached(name:) back-deploy to iOS 13 / macOS 10.15 (as far as Task goes);
            // Task.immediate and addImmediateTask arrived together with their `name:` parameter.
            return [:]
        }
    }

    /// The availability of `name:` for `kind` at `targets`.
    public static func of(_ kind: CreationSiteKind, at targets: DeploymentTargets) -> NameAvailability {
        guard kind.acceptsName else {
            return .notApplicable(reason: "\(kind.rawValue) has no name: parameter")
        }
        let requirement = requirement(for: kind)
        var missing: [String] = []
        for (platform, needed) in requirement.sorted(by: { $0.key < $1.key }) {
            if let target = targets.minimum(for: platform), target < needed {
                missing.append("\(platform.rawValue) \(needed) (deployment target \(target))")
            }
        }
        guard missing.isEmpty else {
            return .unavailable(reason: "\(kind.rawValue)(name:) needs " + missing.joined(separator: ", "))
        }
        return .available
    }
}
