import Foundation

/// Reads `.taskwarden.json` and finds it by searching upward from a linted path.
///
/// ```json
/// {"include": ["Sources/**"], "exclude": ["**/Generated/**"],
///  "rules": {"unnamed-task": "error", "async-let-unnamed": "off"},
///  "naming": {"maxLength": 40, "sensitiveWords": ["email"], "unstableWords": ["UUID"], "exemptSwiftUITask": true},
///  "deploymentTargets": {"iOS": "17.0", "macOS": "14.0"}}
/// ```
/// Unknown keys and wrong types are errors that name the key (`rules.unnamed-task`), so a typo never
/// silently disables a setting.
public enum ConfigurationLoader {
    public static let fileName = ".taskwarden.json"

    /// A configuration error, naming the file and the key.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var file: String
        public var key: String?
        public var problem: String

        public var description: String {
            "\(file): " + (key.map { "key '\($0)': " } ?? "") + problem
        }
    }

    /// The nearest `.taskwarden.json` in `path`'s directory or any directory above it.
    public static func find(above path: String) -> String? {
        for directory in EnclosingDirectories.of(path) {
            let candidate = directory.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Reads a configuration file; globs become relative to its directory.
    public static func load(file: String, knownRules: [String] = RuleRegistry.ids) throws(Failure) -> LintConfiguration {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Failure(file: file, key: nil, problem: "cannot read the file")
        }
        var configuration = try parse(data, file: file, knownRules: knownRules)
        configuration.baseDirectory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        configuration.sourceFile = file
        return configuration
    }

    /// Parses configuration JSON.
    public static func parse(_ data: Data, file: String = fileName, knownRules: [String] = RuleRegistry.ids) throws(Failure) -> LintConfiguration {
        let object: JSONValue
        do {
            object = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw Failure(file: file, key: nil, problem: "not valid JSON (\(Self.reason(error)))")
        }
        guard case .object(let root) = object else {
            throw Failure(file: file, key: nil, problem: "expected a JSON object at the top level")
        }
        var configuration = LintConfiguration()
        for (key, value) in root {
            switch key {
            case "include": configuration.include = try strings(value, key: key, file: file)
            case "exclude": configuration.exclude = try strings(value, key: key, file: file)
            case "rules":
                guard case .object(let rules) = value else { throw Failure(file: file, key: key, problem: "expected an object of rule ids to \"off\", \"info\", \"warning\" or \"error\"") }
                for (rule, setting) in rules {
                    let path = "rules.\(rule)"
                    guard knownRules.contains(rule) else {
                        throw Failure(file: file, key: path, problem: "unknown rule (known: \(knownRules.joined(separator: ", ")))")
                    }
                    guard case .string(let text) = setting, let parsed = RuleSetting(text) else {
                        throw Failure(file: file, key: path, problem: "expected \"off\", \"info\", \"warning\" or \"error\", got \(setting)")
                    }
                    configuration.rules[rule] = parsed
                }
            case "naming": configuration.naming = try naming(value, file: file)
            case "deploymentTargets":
                guard case .object(let targets) = value else { throw Failure(file: file, key: key, problem: "expected an object such as {\"iOS\": \"17.0\"}") }
                var versions: [ApplePlatform: PlatformVersion] = [:]
                for (name, version) in targets {
                    let path = "deploymentTargets.\(name)"
                    guard let platform = ApplePlatform(spelling: name) else {
                        throw Failure(file: file, key: path, problem: "unknown platform (use iOS, macOS, tvOS, watchOS or visionOS)")
                    }
                    let text: String? = switch version {
                    case .string(let text): text
                    case .number: version.description
                    default: nil
                    }
                    guard let text, let parsed = PlatformVersion(parsing: text) else {
                        throw Failure(file: file, key: path, problem: "expected a version such as \"17.0\", got \(version)")
                    }
                    versions[platform] = parsed
                }
                configuration.deploymentTargets = DeploymentTargets(versions)
            default:
                throw Failure(file: file, key: key, problem: "unknown key (known: include, exclude, rules, naming, deploymentTargets)")
            }
        }
        return configuration
    }

    private static func naming(_ value: JSONValue, file: String) throws(Failure) -> NamingOptions {
        guard case .object(let object) = value else { throw Failure(file: file, key: "naming", problem: "expected an object") }
        var options = NamingOptions()
        for (key, item) in object {
            let path = "naming.\(key)"
            switch key {
            case "maxLength":
                guard case .number(let number) = item, number == number.rounded(), number > 0, number < 10_000 else {
                    throw Failure(file: file, key: path, problem: "expected a positive whole number, got \(item)")
                }
                options.maxLength = Int(number)
            case "sensitiveWords": options.sensitiveWords = try strings(item, key: path, file: file)
            case "unstableWords": options.unstableWords = try strings(item, key: path, file: file)
            case "exemptSwiftUITask":
                guard case .bool(let flag) = item else {
                    throw Failure(file: file, key: path, problem: "expected true or false, got \(item)")
                }
                options.exemptSwiftUITask = flag
            default:
                throw Failure(file: file, key: path, problem: "unknown key (known: maxLength, sensitiveWords, unstableWords, exemptSwiftUITask)")
            }
        }
        return options
    }

    private static func strings(_ value: JSONValue, key: String, file: String) throws(Failure) -> [String] {
        guard case .array(let items) = value else {
            throw Failure(file: file, key: key, problem: "expected an array of strings, got \(value)")
        }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else {
                throw Failure(file: file, key: key, problem: "expected an array of strings, got \(value)")
            }
            strings.append(text)
        }
        return strings
    }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
        }
        return "\(error)"
    }
}
