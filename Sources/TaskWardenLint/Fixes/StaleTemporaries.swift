import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporaries an earlier, killed `fix` left next to the files it was writing (`.Name.swift.taskwarden-…`):
/// hidden from `fix` and `lint`, but `git add -A` stages them. Each run removes those next to the files it
/// writes, before writing.
///
/// ```swift
/// StaleTemporaries.remove(in: "/work/app/Sources", besideFilesNamed: ["Shelf.swift"], olderThan: runStart)
/// ```
///
/// Only exact matches of our pattern are touched, and only when no live run can own them:
/// - `.Name.taskwarden-PID-XXXXXX` (this version): when process PID no longer exists (never this process's);
/// - `.Name.taskwarden-XXXXXX` (earlier versions, no PID): when last modified before `olderThan`.
/// `Name` must be one of `names`; six letters or digits end the name.
public enum StaleTemporaries {
    /// Removes the stale temporaries of `names` in `directory`; returns the names removed.
    @discardableResult
    public static func remove(in directory: String, besideFilesNamed names: Set<String>, olderThan cutoff: time_t) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for entry in entries where entry.hasPrefix(".") && entry.contains(".taskwarden-") {
            guard let owner = ownerProcess(of: entry, names: names) else { continue }
            let path = directory + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let stale: Bool = switch owner {
            case .process(let id): id != getpid() && kill(id, 0) != 0 && errno == ESRCH
            case .unknown: modificationSeconds(info) < cutoff
            }
            if stale, unlink(path) == 0 { removed.append(entry) }
        }
        return removed.sorted()
    }

    static func modificationSeconds(_ info: stat) -> time_t {
        #if canImport(Darwin)
        info.st_mtimespec.tv_sec
        #else
        info.st_mtim.tv_sec
        #endif
    }

    enum Owner: Equatable {
        case process(pid_t)
        case unknown
    }

    /// Who made the temporary called `entry`, when it is one of ours for a file in `names`; else nil.
    static func ownerProcess(of entry: String, names: Set<String>) -> Owner? {
        guard entry.hasPrefix("."), let marker = entry.range(of: ".taskwarden-", options: .backwards) else { return nil }
        let name = String(entry[entry.index(after: entry.startIndex)..<marker.lowerBound])
        guard names.contains(name) else { return nil }
        let tail = entry[marker.upperBound...]
        func isSuffix(_ text: Substring) -> Bool {
            text.count == 6 && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
        if isSuffix(tail) { return .unknown }
        let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, isSuffix(parts[1]), let id = pid_t(parts[0]), id > 0, String(id) == parts[0] else { return nil }
        return .process(id)
    }
}
