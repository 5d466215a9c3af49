import Foundation
import Testing
@testable import TaskWardenLint

/// Fixed code still compiles: a program using every nameable kind is built and run with
/// `swiftc` before and after `fix`, and must print the same thing.
@Suite struct CompileProofTests {
    static let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) }

    func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func buildAndRun(_ directory: URL, _ name: String) throws -> String {
        let swiftc = try #require(Self.swiftc)
        let build = try run(swiftc, ["-swift-version", "6", "main.swift", "-o", name], in: directory)
        #expect(build.status == 0, "\(name) did not build:\n\(build.output)")
        let result = try run(directory.appendingPathComponent(name).path, [], in: directory)
        #expect(result.status == 0)
        return result.output
    }

    @Test(.enabled(if: swiftc != nil, "needs swiftc"))
    func fixedProgramBuildsAndPrintsTheSame() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-proof-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("main.swift").path
        try Data(compileProofProgram.utf8).write(to: URL(fileURLWithPath: path))

        let before = try buildAndRun(directory, "before")

        let file = FileAnalysis(path: path, source: compileProofProgram)
        let tree = TreeAnalysis(files: [file])
        var plan = TaskNameFixer().plan(tree, unnamedTaskFindings: UnnamedTaskRule().findings(in: file, tree: tree))
        FixWriter().write(&plan)
        #expect(plan.problems.isEmpty)
        // Every nameable site in the program: 9 Task forms, 2 immediate, 10 group children, 1 summary task.
        #expect(plan.edits.count == 22)
        #expect(Set(plan.edits.map(\.kind)) == ["Task.init", "Task.detached", "Task.immediate", "Task.immediateDetached",
            "addTask", "addTaskUnlessCancelled", "addImmediateTask", "addImmediateTaskUnlessCancelled"])
        let fixed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(fixed.components(separatedBy: "name: \"").count - 1 == 22)

        let after = try buildAndRun(directory, "after")
        #expect(before == after)
        #expect(before.contains("group=11142"))
    }
}
