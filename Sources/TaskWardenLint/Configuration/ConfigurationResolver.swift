import Foundation

/// Finds the configuration and deployment targets for each folder of a run, the way swift-format and
/// SwiftLint users expect: the nearest `.taskwarden.json` in the folder or above it (unless `--config`
/// names one for everything), and the deployment targets from that configuration or else from the nearest
/// `Package.swift` / `*.xcodeproj` above the folder. Answers are cached per folder, so each folder is looked
/// at once.
///
/// Used during file collection only, on one thread.
final class ConfigurationResolver {
    private let explicitFile: String?
    private let workingDirectory: String
    private let display: (String) -> String
    private var nearestFileByDirectory: [String: String?] = [:]
    private var loaded: [String: LintConfiguration?] = [:]
    private var detectedTargetsByDirectory: [String: DeploymentTargets?] = [:]
    private var configurationKeys: [String: String] = [:]
    private var targetsKeys: [DeploymentTargets: String] = [:]
    private var settingsKeys: [SettingsKeyParts: String] = [:]
    /// The listings and manifests read ahead of the walk (``TreePrefetch``), consulted before the file system.
    var prefetched: TreePrefetch?
    private var absoluteBases: [String: String] = [:]
    /// Malformed or unreadable configuration files, each reported once.
    private(set) var problems: [InputProblem] = []

    init(explicitFile: String?, workingDirectory: String, display: @escaping (String) -> String) {
        self.explicitFile = explicitFile
        self.workingDirectory = workingDirectory
        self.display = display
    }

    /// The configuration for files directly in `directory`; nil when that configuration is malformed (the
    /// problem is recorded once, and the files it governs are not linted). `entries`, when the caller has
    /// listed the folder already, saves a lookup.
    func configuration(forDirectory directory: String, entries: [String]? = nil) -> LintConfiguration? {
        guard let file = explicitFile ?? nearestFile(directory, entries: entries) else {
            var configuration = LintConfiguration()
            configuration.baseDirectory = workingDirectory
            return configuration
        }
        if let cached = loaded[file] { return cached }
        do {
            let configuration = try ConfigurationLoader.load(file: file)
            loaded[file] = configuration
            return configuration
        } catch {
            problems.append(InputProblem(path: display(file), kind: .configuration,
                                         detail: (error.key.map { "key '\($0)': " } ?? "") + error.problem))
            loaded[file] = .some(nil)
            return nil
        }
    }

    /// The configured targets, or those declared by the nearest manifest or Xcode project above `directory`.
    func deploymentTargets(forDirectory directory: String, entries: [String]? = nil, configuration: LintConfiguration) -> DeploymentTargets {
        if let configured = configuration.deploymentTargets { return configured }
        return detectedTargets(directory, entries: entries) ?? DeploymentTargets()
    }

    /// What the results cache keys a file of `directory` by besides its content: a digest of a stable
    /// description of the configuration and targets in effect, computed once per configuration file and per set
    /// of targets (describing a configuration by reflection costs more than looking up a cached file).
    func settingsKey(forDirectory directory: String, configuration: LintConfiguration, targets: DeploymentTargets) -> String {
        let file = explicitFile ?? nearestFile(directory, entries: nil) ?? ""
        let parts = SettingsKeyParts(file: file, targets: targets)
        if let known = settingsKeys[parts] { return known }
        let configurationKey = configurationKeys[file] ?? StableDescription.of(configuration)
        configurationKeys[file] = configurationKey
        let targetsKey = targetsKeys[targets] ?? StableDescription.of(targets)
        targetsKeys[targets] = targetsKey
        // A digest, made once per pair: a configuration's description runs to kilobytes, and every file's cache
        // key and the run's grouping of files by setting would otherwise hash all of it, file by file.
        let key = SHA256.hex(Array((configurationKey + "\u{0}" + targetsKey).utf8))
        settingsKeys[parts] = key
        return key
    }

    private struct SettingsKeyParts: Hashable {
        var file: String
        var targets: DeploymentTargets
    }

    /// A configuration's base folder made absolute by `absolute`, once per base (asked for every folder walked).
    func absoluteBase(of configuration: LintConfiguration, _ absolute: (String) -> String) -> String {
        if let known = absoluteBases[configuration.baseDirectory] { return known }
        let made = absolute(configuration.baseDirectory)
        absoluteBases[configuration.baseDirectory] = made
        return made
    }

    private func nearestFile(_ directory: String, entries: [String]?) -> String? {
        if let cached = nearestFileByDirectory[directory] { return cached }
        let candidate = directory == "/" ? "/" + ConfigurationLoader.fileName : directory + "/" + ConfigurationLoader.fileName
        let here = entries.map { $0.contains(ConfigurationLoader.fileName) } ?? FileManager.default.fileExists(atPath: candidate)
        let result = here ? candidate : Self.parent(of: directory).flatMap { nearestFile($0, entries: nil) }
        nearestFileByDirectory[directory] = .some(result)
        return result
    }

    private func detectedTargets(_ directory: String, entries: [String]?) -> DeploymentTargets? {
        if let cached = detectedTargetsByDirectory[directory] { return cached }
        let declared: DeploymentTargets?
        if let prefetched = prefetched?.declaredTargets(in: directory) {
            declared = prefetched
        } else {
            let names = entries ?? ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            declared = DeploymentTargetDetector.declaredTargets(inDirectory: directory, entries: names)
        }
        let result = declared ?? Self.parent(of: directory).flatMap { detectedTargets($0, entries: nil) }
        detectedTargetsByDirectory[directory] = .some(result)
        return result
    }

    /// The folder above `directory`, or nil at the top (`/`, or the first component of a relative path).
    private static func parent(of directory: String) -> String? {
        let trimmed = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let parent = ManifestFinder.parent(of: trimmed)
        return parent == trimmed || parent.isEmpty ? nil : parent
    }
}
