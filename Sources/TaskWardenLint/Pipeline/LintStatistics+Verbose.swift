extension LintStatistics {
    /// What `--verbose` prints on standard error: time, files scanned and how they were parsed, bytes parsed
    /// against bytes scanned, and every reason a file was parsed whole.
    ///
    /// ```swift
    /// result.statistics.verboseLines(elapsed: .seconds(1.2)).forEach { print($0) }
    /// // taskwarden: 1.200 s; 412 files found (1981233 bytes); 96 analysed: 70 parsed sub-file, 16 whole, 10 from the cache
    /// ```
    public func verboseLines(elapsed: Duration) -> [String] {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let whole = wholeFileReasons.values.reduce(0, +)
        let percent = bytesScanned == 0 ? 0 : 100 * Double(bytesParsed) / Double(bytesScanned)
        var lines = [
            "taskwarden: \(Self.format(seconds, digits: 3)) s; \(filesFound) files found (\(bytesFound) bytes); "
                + "\(filesParsed) analysed: \(filesParsedSubFile) parsed sub-file, \(whole) whole, \(filesFromCache) from the cache"
                + (filesTooDeep > 0 ? "; \(filesTooDeep) too deeply nested (skipped)" : "")
                + (filesUnread > 0 ? "; \(filesUnread) not read (unchanged since the last run)" : ""),
            "taskwarden: bytes parsed \(bytesParsed) of \(bytesScanned) scanned by the lexical pass "
                + "(\(Self.format(percent, digits: 1))%); \(fallbacks) fallbacks",
        ]
        if filesParsedForFunctionReach > 0 {
            lines.append("taskwarden:   parsed sub-file with every function the background rules index: \(filesParsedForFunctionReach)")
        }
        for (reason, count) in wholeFileReasons.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            lines.append("taskwarden:   parsed whole, \(reason): \(count)")
        }
        return lines
    }

    private static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}
