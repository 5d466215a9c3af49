import Foundation

/// The Apple platforms a deployment target can name.
public enum ApplePlatform: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case iOS, macOS, tvOS, watchOS, visionOS

    /// Accepts the spellings used in `@available`, `Package.swift` and `.taskwarden.json`.
    public init?(spelling: String) {
        switch spelling.lowercased() {
        case "ios", "iosapplicationextension", "maccatalyst": self = .iOS
        case "macos", "osx", "macosapplicationextension": self = .macOS
        case "tvos", "tvosapplicationextension": self = .tvOS
        case "watchos", "watchosapplicationextension": self = .watchOS
        case "visionos", "xros", "visionosapplicationextension": self = .visionOS
        default: return nil
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A dotted version number such as `17.0` or `10.15.4`.
public struct PlatformVersion: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var components: [Int]

    public init(_ components: [Int]) {
        self.components = components
    }

    /// Parses `17`, `17.0`, `10.15.4`, and `v10_15` (Package.swift spelling); nil for anything else.
    public init?(parsing text: String) {
        var body = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\""))
        if body.hasPrefix("v") || body.hasPrefix(".v") {
            body = String(body.drop(while: { $0 == "." || $0 == "v" })).replacingOccurrences(of: "_", with: ".")
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        components = parts.map { $0! }
    }

    public var description: String {
        components.count == 1 ? "\(components[0]).0" : components.map(String.init).joined(separator: ".")
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}

/// The oldest OS version the linted code must run on, per Apple platform.
///
/// Empty means "no Apple platform constraint" (a Linux server, or nothing configured): every `name:`
/// overload counts as available.
///
/// ```swift
/// let targets = DeploymentTargets([.iOS: PlatformVersion([17, 0])])
/// targets.minimum(for: .iOS) // 17.0
/// ```
public struct DeploymentTargets: Hashable, Sendable, CustomStringConvertible {
    public var versions: [ApplePlatform: PlatformVersion]

    public init(_ versions: [ApplePlatform: PlatformVersion] = [:]) {
        self.versions = versions
    }

    public var isEmpty: Bool { versions.isEmpty }

    public func minimum(for platform: ApplePlatform) -> PlatformVersion? { versions[platform] }

    /// These targets with the floor raised by `#available` / `@available` (the higher version wins;
    /// platforms not deployed to stay absent).
    public func raised(by floor: [ApplePlatform: PlatformVersion]) -> DeploymentTargets {
        var result = versions
        for (platform, version) in floor {
            if let current = result[platform], current < version { result[platform] = version }
        }
        return DeploymentTargets(result)
    }

    public var description: String {
        versions.isEmpty
            ? "no Apple platform"
            : versions.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
    }
}
