extension TaskNameDerivation {
    /// Verbs that only bring a task into being (`startTask`, `spawnTask`, `makeTask`).
    static let startingVerbs: Set<String> = ["start", "run", "spawn", "launch", "make", "create", "begin", "kick", "fire"]

    /// `startTask()`, `spawnTask(for:)`: a function named only for starting a task says nothing of the work;
    /// the task's body does (`consume-base`), as it does in `run()`.
    static func onlyStartsATask(_ words: [String]) -> Bool {
        words.count == 2 && startingVerbs.contains(words[0]) && taskNouns.contains(words[1])
    }
}
