/// Everything a run is configured with; what `.taskwarden.json` holds once read.
///
/// ```swift
/// var configuration = LintConfiguration()
/// configuration.rules["unnamed-task"] = .on(.error)
/// configuration.deploymentTargets = DeploymentTargets([.iOS: PlatformVersion([17])])
/// ```
public struct LintConfiguration: Sendable {
    /// Glob patterns (relative to ``baseDirectory``) a file must match to be linted; empty means all.
    public var include: [String] = []
    /// Glob patterns (relative to ``baseDirectory``) that exclude files.
    public var exclude: [String] = []
    /// Per-rule settings; rules not listed use their defaults.
    public var rules: [String: RuleSetting] = [:]
    public var naming = NamingOptions()
    /// Configured deployment targets; nil means "look at Package.swift / project.pbxproj".
    public var deploymentTargets: DeploymentTargets?
    /// The directory globs are relative to (the configuration file's directory).
    public var baseDirectory: String = "."
    /// The configuration file this came from, if any.
    public var sourceFile: String?

    public init() {}

    /// The severity a rule reports with, or nil when it is off.
    public func severity(for description: RuleDescription) -> Severity? {
        switch rules[description.id] {
        case .off?: return nil
        case .on(let severity)?: return severity
        case nil: return description.isEnabledByDefault ? description.defaultSeverity : nil
        }
    }
}
