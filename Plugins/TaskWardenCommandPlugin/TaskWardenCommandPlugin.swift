import Foundation
import PackagePlugin

/// `swift package taskwarden SUBCOMMAND [--target NAME]… [OPTIONS]`: runs the package's `taskwarden`
/// executable on the package (or on the named targets' source folders) with the package's own
/// `.taskwarden.json`. Argument passing only: every option after the subcommand goes to `taskwarden` as is.
///
/// ```
/// swift package taskwarden lint
/// swift package taskwarden lint --target App --target AppKit --format sarif
/// swift package taskwarden where 'price:84213'
/// swift package --allow-writing-to-package-directory taskwarden fix --target App
/// ```
///
/// The plugin declares no write permission, so `lint`, `list` and `where` run in CI without a prompt; `fix`
/// writes only when SwiftPM was given `--allow-writing-to-package-directory` (macOS sandboxes plugins and
/// denies the write otherwise; Linux has no plugin sandbox).
@main
struct TaskWardenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var forwarded = extractor.remainingArguments
        guard let subcommand = forwarded.first, !subcommand.hasPrefix("-") else {
            throw PluginFailure("usage: swift package taskwarden lint|list|where|fix|rules|explain [--target NAME]… [OPTIONS]")
        }

        let packageDirectory = context.package.directoryURL
        if ["lint", "list", "where", "fix"].contains(subcommand) {
            let configuration = packageDirectory.appending(path: ".taskwarden.json")
            if !forwarded.contains("--config"), FileManager.default.fileExists(atPath: configuration.path()) {
                forwarded += ["--config", configuration.path()]
            }
            if targetNames.isEmpty {
                forwarded.append(packageDirectory.path())
            } else {
                for target in try context.package.targets(named: targetNames) {
                    forwarded.append(target.directoryURL.path())
                }
            }
        }
        if subcommand == "fix", !forwarded.contains("--dry-run"), !forwarded.contains("--suggest") {
            try requireWriteAccess(to: packageDirectory)
        }

        let process = Process()
        process.executableURL = try context.tool(named: "taskwarden").url
        process.arguments = forwarded
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw PluginFailure("taskwarden \(subcommand) exited with status \(process.terminationStatus)")
        }
    }

    /// Fails before `fix` starts when the plugin sandbox would refuse the writes, naming the SwiftPM option.
    private func requireWriteAccess(to directory: URL) throws {
        let probe = directory.appending(path: ".taskwarden-write-check-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: probe.path(), contents: Data()) else {
            throw PluginFailure("taskwarden fix edits your sources: run `swift package --allow-writing-to-package-directory taskwarden fix …`")
        }
        try? FileManager.default.removeItem(at: probe)
    }
}

/// An error SwiftPM prints as the plugin's failure.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
