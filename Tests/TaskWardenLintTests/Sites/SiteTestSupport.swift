@testable import TaskWardenLint

/// Test helpers: analyse marked code and compare sites with the `↓` marks.
enum SiteTestSupport {
    /// The sites of `code` (marks removed) analysed alone.
    static func sites(_ code: String, targets: DeploymentTargets? = nil, path: String = "Sources/App/Example.swift") -> (sites: [CreationSite], marks: [Int]) {
        let (text, marks) = RuleExample(code).markedOffsets
        let file = FileAnalysis(path: path, source: text, deploymentTargets: targets)
        let tree = TreeAnalysis(files: [file])
        return (tree.sites, marks)
    }
}
