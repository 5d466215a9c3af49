// swift-tools-version:6.2
//
// TaskWarden's manifest. Tools version 6.2 because the code needs Swift 6.2 (`Task(name:)`): an older
// SwiftPM stops with "package 'taskwarden' is using Swift tools version 6.2.0 but the installed version is …".
//
// SwiftSyntax comes from one of three places, chosen by TASKWARDEN_SWIFT_SYNTAX:
//   unset / "auto"   on Linux, the toolchain's own copy in <toolchain>/usr/lib/swift/host when present (no
//                    network needed); on macOS, and wherever the toolchain has none, the swift-syntax package
//                    (Xcode's toolchain keeps its SwiftSyntax as private `_Compiler`-prefixed dylibs, not a
//                    library one can link against);
//   "toolchain"      the toolchain's copy, or fail loudly if it cannot be found;
//   "package"        the swiftlang/swift-syntax package (fetched by SwiftPM; fastest parser);
//   any path         a local swift-syntax checkout in a folder of any name, used with .package(path:).
// The toolchain's copy is built for library evolution and parses several times slower than a release build
// from source; results are identical.
import Foundation
import PackageDescription

let environment = ProcessInfo.processInfo.environment

/// The swift-syntax versions TaskWarden builds with: only majors that were built and tested (README, "Where
/// SwiftSyntax comes from"). 601 is the oldest that has the capture-list API the rules read (600.0.x does not
/// compile); the upper bound is the next major not yet proven. Widen it one major at a time, after
/// `TASKWARDEN_SWIFT_SYNTAX=<checkout of the new tag> swift build && swift test` passes and `lint --format json
/// Examples/RecordShelf` is byte-identical to the toolchain build; shim API differences with swift-syntax's
/// marker modules (`#if canImport(SwiftSyntax604)`), keeping the newest API in the `#else` branch because the
/// toolchain's copy has no marker modules.
let swiftSyntaxVersions: Range<Version> = "601.0.0"..<"604.0.0"

/// The toolchain's `usr/lib/swift/host` directory, if it holds a linkable SwiftSyntax (Linux toolchains only).
func toolchainHostDirectory() -> String? {
    var candidates: [String] = []
    if let toolchain = environment["TASKWARDEN_TOOLCHAIN"] { candidates.append(toolchain) }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift").path
        guard FileManager.default.fileExists(atPath: swift) else { continue }
        let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        // <toolchain>/usr/bin/swift → <toolchain>
        candidates.append(resolved.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path)
    }
    for toolchain in candidates {
        let host = URL(fileURLWithPath: toolchain).appendingPathComponent("usr/lib/swift/host").path
        if FileManager.default.fileExists(atPath: host + "/SwiftSyntax.swiftmodule")
            && FileManager.default.fileExists(atPath: host + "/libSwiftParser.so") {
            return host
        }
    }
    return nil
}

/// Stops manifest evaluation with `message` (and no crash backtrace, unlike `fatalError`).
func manifestError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

/// The last component of `path` after resolving `.` and `..` lexically, as SwiftPM names a path dependency
/// (symbolic links are not followed: `ss603 -> swift-syntax-603.0.2` is the package `ss603`).
func packageIdentity(ofPath path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/") where component != "." {
        if component == ".." { _ = components.popLast() } else { components.append(component) }
    }
    return String(components.last ?? "")
}

enum SyntaxSource {
    case toolchain(String)
    case package
    case checkout(String)
}

let syntaxSource: SyntaxSource = {
    let choice = environment["TASKWARDEN_SWIFT_SYNTAX"] ?? "auto"
    switch choice {
    case "auto", "":
        #if os(Linux)
        if let host = toolchainHostDirectory() { return .toolchain(host) }
        #endif
        return .package
    case "toolchain":
        guard let host = toolchainHostDirectory() else {
            manifestError("TASKWARDEN_SWIFT_SYNTAX=toolchain, but no usr/lib/swift/host with SwiftSyntax.swiftmodule and libSwiftParser.so was found next to `swift` on PATH (set TASKWARDEN_TOOLCHAIN to the toolchain root; on macOS use TASKWARDEN_SWIFT_SYNTAX=package: Xcode's toolchain has no linkable SwiftSyntax)")
        }
        return .toolchain(host)
    case "package":
        return .package
    default:
        let root = Context.packageDirectory
        let path = choice.hasPrefix("/") ? choice : URL(fileURLWithPath: root).appendingPathComponent(choice).path
        guard FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("Package.swift").path) else {
            manifestError("TASKWARDEN_SWIFT_SYNTAX=\(choice): no swift-syntax checkout there (no Package.swift in \(path)); use auto, toolchain, package or the path of a swift-syntax checkout")
        }
        return .checkout(path)
    }
}()

var packageDependencies: [Package.Dependency] = []
var syntaxDependencies: [Target.Dependency] = []
var syntaxSwiftSettings: [SwiftSetting] = []
var syntaxLinkerSettings: [LinkerSetting] = []

switch syntaxSource {
case .toolchain(let host):
    syntaxSwiftSettings = [.unsafeFlags(["-I", host])]
    syntaxLinkerSettings = [
        .unsafeFlags([
            "-L", host,
            "-lSwiftSyntax", "-lSwiftParser", "-lSwiftDiagnostics", "-lSwiftParserDiagnostics",
            "-Xlinker", "-rpath", "-Xlinker", host,
        ])
    ]
case .package:
    packageDependencies = [.package(url: "https://github.com/swiftlang/swift-syntax.git", swiftSyntaxVersions)]
    syntaxDependencies = [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
    ]
case .checkout(let path):
    // A path dependency's package identity is its folder's name, whatever the checkout calls itself, so the
    // products are looked up in the package named after the folder (`ss603` for /src/ss603).
    let identity = packageIdentity(ofPath: path)
    packageDependencies = [.package(path: path)]
    syntaxDependencies = [
        .product(name: "SwiftSyntax", package: identity),
        .product(name: "SwiftParser", package: identity),
        .product(name: "SwiftParserDiagnostics", package: identity),
    ]
}

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "TaskWarden",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "taskwarden", targets: ["taskwarden"]),
        .library(name: "TaskNaming", targets: ["TaskNaming"]),
        .library(name: "TaskWardenLint", targets: ["TaskWardenLint"]),
        .library(name: "TaskWardenTimeline", targets: ["TaskWardenTimeline"]),
        .library(name: "TaskWarden", targets: ["TaskWarden"]),
        .library(name: "TaskWardenBackground", targets: ["TaskWardenBackground"]),
        .library(name: "TaskWardenTesting", targets: ["TaskWardenTesting"]),
        .executable(name: "price-check", targets: ["PriceCheck"]),
        .plugin(name: "TaskWardenBuildToolPlugin", targets: ["TaskWardenBuildToolPlugin"]),
        .plugin(name: "TaskWardenCommandPlugin", targets: ["TaskWardenCommandPlugin"]),
    ],
    dependencies: packageDependencies,
    targets: [
        // Shared vocabulary.
        .target(name: "TaskNaming", dependencies: ["TaskWardenSupport"], swiftSettings: strict),
        // The one lock both halves use, and the one way output files are replaced (`package` access; no
        // product, so no API of its own).
        .target(name: "TaskWardenSupport", swiftSettings: strict),

        // Static half.
        .target(
            name: "TaskWardenLint",
            dependencies: ["TaskNaming", "TaskWardenSupport"] + syntaxDependencies,
            swiftSettings: strict + syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .target(name: "TaskWardenTimeline", dependencies: ["TaskWardenSupport"], swiftSettings: strict),
        // Reading another process's tasks from outside (Linux): no Foundation, no SwiftSyntax.
        .target(name: "CTaskWardenInspect"),
        .target(name: "TaskWardenInspect", dependencies: ["CTaskWardenInspect", "TaskWardenSupport"], swiftSettings: strict),
        .executableTarget(
            name: "taskwarden",
            dependencies: ["TaskWardenLint", "TaskWardenTimeline", "TaskWarden", "TaskWardenInspect"],
            swiftSettings: strict + syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),

        // Plugins: argument passing to the `taskwarden` executable, nothing more.
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

        // Runtime half.
        .target(name: "TaskWarden", dependencies: ["TaskNaming", "TaskWardenSupport"], swiftSettings: strict),
        .target(name: "TaskWardenBackground", dependencies: ["TaskWarden", "TaskWardenSupport"], swiftSettings: strict),
        .target(
            name: "TaskWardenTesting", dependencies: ["TaskWarden", "TaskWardenBackground", "TaskWardenSupport"],
            swiftSettings: strict
        ),
        // The example's background price check, simulated; shared by the example, the benchmarks and the tests
        // (not a product: it is no API of TaskWardenTesting).
        .target(
            name: "PriceCheckScenarios",
            dependencies: ["TaskWarden", "TaskWardenBackground", "TaskWardenTesting", "TaskWardenSupport"],
            path: "Examples/PriceCheckScenarios",
            swiftSettings: strict
        ),

        // Example and benchmarks.
        .executableTarget(
            name: "PriceCheck",
            dependencies: ["TaskWarden", "TaskWardenBackground", "TaskWardenTesting", "PriceCheckScenarios", "TaskWardenSupport"],
            path: "Examples/PriceCheck",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: ["TaskWarden", "TaskWardenBackground", "TaskWardenTesting", "PriceCheckScenarios", "TaskWardenSupport"],
            path: "Benchmarks/RuntimeBenchmarks",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "InspectBenchmarks",
            dependencies: ["TaskWardenInspect", "FixtureSupport"],
            path: "Benchmarks/InspectBenchmarks",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LintBenchmarks",
            dependencies: ["TaskWardenLint"] + syntaxDependencies,
            path: "Benchmarks/LintBenchmarks",
            swiftSettings: strict + syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),

        // Processes with known tasks for the out-of-process reader's tests (no products).
        .executableTarget(name: "InspectTarget", path: "Tests/Fixtures/InspectTarget", swiftSettings: strict),
        .executableTarget(
            name: "InspectTargetStatic",
            path: "Tests/Fixtures/InspectTargetStatic",
            swiftSettings: strict,
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]
        ),
        .executableTarget(
            name: "InspectTargetPlain",
            path: "Tests/Fixtures/InspectTargetPlain",
            swiftSettings: strict + [.unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import"])]
        ),
        .executableTarget(name: "InspectTargetFakeRuntime", path: "Tests/Fixtures/InspectTargetFakeRuntime"),

        // Tests mirror the modules.
        .testTarget(name: "TaskNamingTests", dependencies: ["TaskNaming"], swiftSettings: strict),
        .testTarget(
            name: "TaskWardenLintTests",
            dependencies: ["TaskWardenLint"] + syntaxDependencies,
            swiftSettings: strict + syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .testTarget(name: "TaskWardenTimelineTests", dependencies: ["TaskWardenTimeline"], swiftSettings: strict),
        // Starts the fixture processes above, and spawns children with no inherited descriptors, for the tests and
        // the benchmark that read processes from outside.
        .target(name: "FixtureSupport", path: "Tests/FixtureSupport", swiftSettings: strict),
        .testTarget(name: "TaskWardenInspectTests", dependencies: ["TaskWardenInspect", "FixtureSupport"], swiftSettings: strict),
        .testTarget(
            name: "taskwardenTests",
            dependencies: ["taskwarden", "FixtureSupport"],
            swiftSettings: strict + syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .testTarget(name: "TaskWardenTests", dependencies: ["TaskWarden", "TaskWardenTesting", "TaskWardenSupport"], swiftSettings: strict),
        .testTarget(
            name: "TaskWardenBackgroundTests", dependencies: ["TaskWardenBackground", "TaskWardenTesting", "TaskWardenSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "TaskWardenTestingTests", dependencies: ["TaskWardenTesting"], swiftSettings: strict),
        .testTarget(name: "PriceCheckScenariosTests", dependencies: ["PriceCheckScenarios", "TaskWardenTesting"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
