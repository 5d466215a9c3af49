// swift-tools-version:6.2
//
// TaskWarden's lint as SwiftPM plugins backed by a prebuilt `taskwarden` (an SE-0305 artifact bundle): a client
// that applies these plugins downloads one binary and compiles neither `taskwarden` nor swift-syntax.
//
// This folder is published as its own repository (a SwiftPM package cannot be a subfolder of another's
// repository): copy it with the plugin sources resolved, `cp -RL Distribution/. <plugins checkout>/`, paste the
// `.binaryTarget` line `Scripts/release.sh VERSION` printed over the one below, commit, and tag VERSION.
// The plugin sources are the source package's own (Plugins/ holds them; here they are symbolic links), so the
// binary plugins and the source plugins behave the same.
import PackageDescription

let package = Package(
    name: "TaskWardenPlugins",
    platforms: [.macOS(.v15)],  // the binary's own deployment target (TaskWarden's Package.swift)
    products: [
        .plugin(name: "TaskWardenBuildToolPlugin", targets: ["TaskWardenBuildToolPlugin"]),
        .plugin(name: "TaskWardenCommandPlugin", targets: ["TaskWardenCommandPlugin"]),
    ],
    targets: [
        // Replaced by the line Scripts/release.sh prints for each release (a placeholder until the first).
        .binaryTarget(
            name: "taskwarden",
            url: "https://example.invalid/taskwarden/releases/0.1.0/taskwarden-0.1.0.artifactbundle.zip",
            checksum: "0000000000000000000000000000000000000000000000000000000000000000"
        ),
        .plugin(
            name: "TaskWardenBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["taskwarden"]
        ),
        .plugin(
            name: "TaskWardenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "taskwarden", description: "Run taskwarden lint, list, where or fix on this package or --target NAME")
            ),
            dependencies: ["taskwarden"]
        ),
    ]
)
