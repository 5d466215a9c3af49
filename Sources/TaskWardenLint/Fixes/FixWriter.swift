#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a ``FixPlan`` to disk, one file at a time, each atomically. A file that cannot be written is left
/// exactly as it was; its names move to the plan's problems and left-unnamed list, and the other files are
/// still written. Temporaries a killed earlier run left beside the files to write are removed first
/// (``StaleTemporaries``).
///
/// ```swift
/// var plan = TaskNameFixer().plan(tree, unnamedTaskFindings: unnamed)
/// FixWriter().write(&plan)          // plan.problems now also lists files that could not be written
/// ```
public struct FixWriter: Sendable {
    let writer: any SourceWriting

    public init(writer: any SourceWriting = AtomicSourceWriter()) {
        self.writer = writer
    }

    public func write(_ plan: inout FixPlan) {
        let start = time(nil)
        var namesByDirectory: [String: Set<String>] = [:]
        for file in plan.files {
            let target = AtomicSourceWriter.resolved(file.absolutePath)
            guard let slash = target.lastIndex(of: "/") else { continue }
            namesByDirectory[String(target[..<slash]), default: []].insert(String(target[target.index(after: slash)...]))
        }
        for (directory, names) in namesByDirectory {
            StaleTemporaries.remove(in: directory, besideFilesNamed: names, olderThan: start)
        }
        // Files are independent; writing them side by side overlaps the waits for the disk.
        let outcomes = ParallelMap.map(plan.files) { file -> SourceWriteError? in
            do throws(SourceWriteError) {
                try writer.replace(file.absolutePath, expecting: file.oldBytes, with: file.newBytes)
                return nil
            } catch {
                return error
            }
        }
        var written: [FileFix] = []
        for (file, failure) in zip(plan.files, outcomes) {
            if let error = failure {
                // The writer names the path it was given; report the path the user knows.
                let message = error.description.replacingOccurrences(of: file.absolutePath + ": ", with: "")
                let problem = FixProblem(file: file.path, kind: .writeFailed, message: message)
                plan.problems.append(problem)
                for edit in file.edits {
                    plan.leftUnnamed.append(UnnamedSite(file: edit.file, line: edit.line, column: edit.column,
                                                        kind: edit.kind, reason: problem.leftUnnamedReason))
                }
            } else {
                written.append(file)
            }
        }
        plan.files = written
        plan.leftUnnamed.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }
}
