extension TaskNameDerivation {
    /// Verbs that only bring a task into being (`startTask`, `spawnTask`, `makeTask`).
    static let startingVerbs: Set<String> = ["start", "run", "spawn", "launch", "make", "create", "begin", "kick", "fire"]

    /// `startTask()`, `spawnTask(for:)`: a function named only for starting a task says nothing of the work;
    /// the task's body does (`consume-base`), as it does in `run()`.
    static func onlyStartsATask(_ words: [String]) -> Bool {
        words.count == 2 && startingVerbs.contains(words[0]) && taskNouns.contains(words[1])
    }
}

extension TaskNameDerivation {
    /// Levels a logger is called by (`logger.debug(…)`, `Log.warning(…)`).
    static let logLevels: Set<String> = [
        "log", "debug", "info", "notice", "trace", "warning", "warn", "error", "fault", "critical", "verbose",
    ]
    /// Functions that write a line wherever they are called.
    static let printFunctions: Set<String> = ["print", "debugPrint", "NSLog", "os_log"]

    /// `print(…)`, `logger.debug(…)`, `LoggingService.shared.logPlayer(…)`: a line written to a log. A level word
    /// said to anything but a logger (`presenter.error(…)`) is not.
    public static func isLogCall(_ call: BodyCall) -> Bool {
        let name = call.name
        if printFunctions.contains(name) { return true }
        // The first word by its capital, without splitting: this runs for every bookkeeping call of every body.
        let first = name.prefix { !$0.isUppercase }
        // `Debugger.printInfo(topic:_:)`, `printError(_:)`: printing at a level.
        if first == "print", logLevels.contains(name.dropFirst(5).lowercased()) { return true }
        guard logLevels.contains(String(first)) else { return false }
        let owner = (call.text.split(separator: ".").dropLast().joined(separator: ".")).lowercased()
        return owner.contains("log")
    }

    /// A call of this name could write to a log (``isLogCall(_:)`` would look at what it is called on).
    public static func mayBeLogCall(_ name: String) -> Bool {
        let first = name.prefix { !$0.isUppercase }
        return printFunctions.contains(name) || first == "print" || logLevels.contains(String(first))
    }
}
