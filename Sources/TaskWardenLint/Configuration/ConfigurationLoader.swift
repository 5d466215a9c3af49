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

        /// `key` is shortened when long: a configuration key is input, and echoing 50 MB of it helps no one.
        public init(file: String, key: String?, problem: String) {
            self.file = file
            self.key = key.map { ConfigurationLoader.shortened($0) }
            self.problem = problem
        }

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
        if String(validating: data, as: UTF8.self) == nil {
            let (offset, byte) = Self.firstInvalidUTF8(Array(data))
            throw Failure(file: file, key: nil, problem: "not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset)); save it as UTF-8")
        }
        let object: JSONValue
        do {
            object = try JSONReader.value(from: data)
        } catch {
            throw Failure(file: file, key: error.key, problem: error.problem)
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
                        throw Failure(file: file, key: path, problem: "expected \"off\", \"info\", \"warning\" or \"error\", got \(shortened(setting.description))")
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
                        throw Failure(file: file, key: path, problem: "expected a version such as \"17.0\", got \(shortened(version.description))")
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
                // Below 16 no derived name fits (a prefix, a verb and its object): `fix` would write names that
                // `task-name-format` then reports, and refuse its own plan.
                guard case .number(let number) = item, number == number.rounded(), number >= Double(NamingOptions.minimumMaxLength),
                      number < 10_000 else {
                    throw Failure(file: file, key: path, problem: "expected a whole number from \(NamingOptions.minimumMaxLength) to 9999, got \(shortened(item.description))")
                }
                options.maxLength = Int(number)
            case "sensitiveWords": options.sensitiveWords = try strings(item, key: path, file: file)
            case "unstableWords": options.unstableWords = try strings(item, key: path, file: file)
            case "exemptSwiftUITask":
                guard case .bool(let flag) = item else {
                    throw Failure(file: file, key: path, problem: "expected true or false, got \(shortened(item.description))")
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
            throw Failure(file: file, key: key, problem: "expected an array of strings, got \(shortened(value.description))")
        }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else {
                throw Failure(file: file, key: key, problem: "expected an array of strings, got \(shortened(value.description))")
            }
            strings.append(text)
        }
        return strings
    }

    /// `text`, or its first 80 characters and its length when longer: for echoing input in a message.
    static func shortened(_ text: String, limit: Int = 80) -> String {
        guard text.utf8.count > limit else { return text }
        let count = text.count
        guard count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(count) characters)"
    }

    /// Where the first byte that breaks UTF-8 is, and the byte (for data that failed validation).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, byte: UInt8) {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let (length, second): (Int, ClosedRange<UInt8>) = switch lead {
            case 0x00...0x7F: (1, 0x80...0xBF)
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xE1...0xEF: (3, 0x80...0xBF)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            default: (0, 0x80...0xBF)
            }
            guard length > 0, index + length <= bytes.count else { return (index, lead) }
            for offset in 1..<max(length, 1) where !(offset == 1 ? second : 0x80...0xBF).contains(bytes[index + offset]) {
                return (index, lead)
            }
            index += length
        }
        return (bytes.count, 0)
    }
}
