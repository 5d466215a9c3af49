import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every build that changed them. Apply it to a target:
///
/// ```
/// .target(name: "App", plugins: [.plugin(name: "TaskWardenBuildToolPlugin", package: "taskwarden")])
/// ```
///
/// Findings print as `file:line:col: warning: …` (the xcode format), which SwiftPM and Xcode show as build
/// diagnostics; an error-severity finding makes `taskwarden` exit 1, which fails the build. The command
/// declares the target's Swift files and the package's `.taskwarden.json` as inputs and a stamp file as its
/// output, written only when the lint passed, so an unchanged target is not linted again.
@main
struct TaskWardenBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        return try LintCommand.make(
            target: target.name,
            sources: sources,
            configuration: context.package.directoryURL.appending(path: ".taskwarden.json"),
            tool: context.tool(named: "taskwarden").url,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension TaskWardenBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        return try LintCommand.make(
            target: target.displayName,
            sources: sources,
            configuration: context.xcodeProject.directoryURL.appending(path: ".taskwarden.json"),
            tool: context.tool(named: "taskwarden").url,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}
#endif

/// The one build command both plugin kinds create.
enum LintCommand {
    static func make(target: String, sources: [URL], configuration: URL, tool: URL, workDirectory: URL) -> [Command] {
        guard !sources.isEmpty else { return [] }
        // A `.swift` stamp (one comment line) is compiled into the target as an empty file; any other extension
        // would be copied as a resource and give the target a resource bundle it does not want.
        let stamp = workDirectory.appending(path: "\(target)-taskwarden-lint.swift")
        var inputs = sources
        var lint = [tool.path(), "lint", "--quiet", "--format", "xcode"]
        if FileManager.default.fileExists(atPath: configuration.path()) {
            inputs.append(configuration)
            lint += ["--config", configuration.path()]
        }
        lint += sources.map { $0.path() }
        // The shell writes the stamp only after a passing lint, so a failing target is linted again next build.
        // It runs the lint from the plugin's work directory, which holds no sources, so findings carry absolute
        // paths, which Xcode needs to jump to the line.
        let script = #"stamp="$1"; cd "$2" || exit 2; shift 2; "$@" && echo "// taskwarden lint passed" > "$stamp""#
        return [
            .buildCommand(
                displayName: "TaskWarden lint \(target)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "taskwarden-lint", stamp.path(), workDirectory.path()] + lint,
                // SwiftPM adds the tool itself as an input, so a new taskwarden lints again.
                inputFiles: inputs,
                outputFiles: [stamp]
            )
        ]
    }
}
