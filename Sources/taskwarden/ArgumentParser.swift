/// Hand-written parsing of `--option VALUE`, `--option=VALUE`, `--flag` and positional arguments, with
/// `--` ending the options.
///
/// ```swift
/// let parsed = try ParsedArguments(["--format", "json", "Sources"], options: ["--format"], flags: ["--strict"])
/// parsed.value("--format") // "json"
/// parsed.positionals       // ["Sources"]
/// ```
struct ParsedArguments {
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// The options whose value is a file or folder, in every command that takes them. An empty value is refused
    /// here, before any command resolves it: it is almost always a shell variable that expanded to nothing, and
    /// resolved against the working folder it would name that folder (`--cache-path ""` would fill it with a
    /// cache, `--config ""` would read it as a file).
    static let pathOptions: Set<String> = [
        "--config", "--cache-path", "--baseline", "--write-baseline", "--plan", "--write-plan", "--socket",
    ]

    init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if options.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(description: "option \(name) needs a value")
                }
                if value.isEmpty, Self.pathOptions.contains(name) {
                    throw UsageError(description: "\(name): the path is empty")
                }
                values[name] = value
            } else if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else {
                let known = (options.sorted() + allowedFlags.sorted()).joined(separator: ", ")
                throw UsageError(description: "unknown option '\(argument)'" + (known.isEmpty ? "" : " (known: \(known))"))
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of an option restricted to a set of choices (default when absent).
    func choice(_ name: String, from choices: [String], default defaultValue: String) throws(UsageError) -> String {
        guard let value = values[name] else { return defaultValue }
        guard choices.contains(value) else {
            throw UsageError(description: "\(name) must be one of \(choices.joined(separator: ", ")), not '\(value)'")
        }
        return value
    }
}
