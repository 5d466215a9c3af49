import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct ProgramScopeTests {
    @Test func appFoldersAreProgramsAndOtherFoldersAreShared() {
        let scope = ProgramScope(paths: ["Mac/AppDelegate.swift", "Mac/Sync.swift", "iOS/AppDelegate.swift", "Shared/Store.swift"])
        #expect(!scope.shareProgram("Mac/AppDelegate.swift", "iOS/AppDelegate.swift"))
        #expect(!scope.shareProgram("Mac/Sync.swift", "iOS/AppDelegate.swift"))
        #expect(scope.shareProgram("Mac/Sync.swift", "Mac/AppDelegate.swift"))
        #expect(scope.shareProgram("Shared/Store.swift", "iOS/AppDelegate.swift"))
        #expect(scope.shareProgram("Shared/Store.swift", "Mac/Sync.swift"))
    }

    @Test func oneAppFolderPlacesNothing() {
        let scope = ProgramScope(paths: ["App/AppDelegate.swift", "Widgets/Timeline.swift"])
        #expect(scope.shareProgram("App/AppDelegate.swift", "Widgets/Timeline.swift"))
    }

    @Test func entryPointsMarkAppFoldersBeyondTheirFileNames() {
        // The agent's delegate file is not named like an entry point; what it declares says it is one.
        let paths = ["macOS/Browser/AppDelegate.swift", "macOS/Browser/Menu.swift", "macOS/VPNAgent/FooVPNAppDelegate.swift",
                     "macOS/VPNAgent/Menu.swift", "macOS/Shared/Store.swift", "Extensions/Widgets/Timeline.swift", "README/Notes.swift"]
        let byName = ProgramScope(paths: paths)
        #expect(byName.shareProgram("macOS/Browser/Menu.swift", "macOS/VPNAgent/Menu.swift"))
        let scope = ProgramScope(paths: paths, entryPoints: ["macOS/VPNAgent/FooVPNAppDelegate.swift"],
                                 extensionPropertyLists: ["Extensions/Widgets/Info.plist"])
        // `macOS/` holds two programs, so it is split into them; its other folders are shared.
        #expect(!scope.shareProgram("macOS/Browser/Menu.swift", "macOS/VPNAgent/Menu.swift"))
        #expect(scope.membership(of: "macOS/VPNAgent/Menu.swift")?.programs == ["macOS/VPNAgent"])
        #expect(scope.shareProgram("macOS/Shared/Store.swift", "macOS/VPNAgent/Menu.swift"))
        #expect(scope.shareProgram("macOS/Shared/Store.swift", "macOS/Browser/Menu.swift"))
        // An extension's Info.plist makes its folder a program.
        #expect(!scope.shareProgram("Extensions/Widgets/Timeline.swift", "macOS/Browser/Menu.swift"))
        #expect(scope.shareProgram("README/Notes.swift", "Extensions/Widgets/Timeline.swift"))
        // A folder that holds an entry point itself is one program with everything below it.
        let nested = ProgramScope(paths: ["iOS/AppDelegate.swift", "iOS/Widgets/Bundle.swift", "iOS/Feed/Store.swift", "Mac/main.swift"],
                                  entryPoints: ["iOS/Widgets/Bundle.swift"])
        #expect(nested.shareProgram("iOS/Widgets/Bundle.swift", "iOS/Feed/Store.swift"))
        #expect(!nested.shareProgram("iOS/Feed/Store.swift", "Mac/main.swift"))
    }

    /// Several apps in one folder, each in its own subfolder with its own `@main` App, beside folders that
    /// mark nothing: the apps are programs of their own even though the tree's top folder holds one marked
    /// folder only.
    @Test func appsSplitWhereTheirFoldersPartBelowTheTop() {
        let paths = ["Numerical/HeatTransfer/HeatTransferApp.swift", "Numerical/HeatTransfer/Renderer.swift",
                     "Numerical/Mandelbrot/MandelbrotApp.swift", "Numerical/Mandelbrot/Renderer.swift",
                     "Numerical/Shared/Grid.swift", "Tools/Generate.swift"]
        let scope = ProgramScope(paths: paths, entryPoints: ["Numerical/HeatTransfer/HeatTransferApp.swift", "Numerical/Mandelbrot/MandelbrotApp.swift"])
        #expect(!scope.shareProgram("Numerical/HeatTransfer/Renderer.swift", "Numerical/Mandelbrot/Renderer.swift"))
        #expect(scope.shareProgram("Numerical/Shared/Grid.swift", "Numerical/Mandelbrot/Renderer.swift"))
        #expect(scope.shareProgram("Tools/Generate.swift", "Numerical/HeatTransfer/Renderer.swift"))
        // One app below the top (or an app folder holding the others) is still one program: nothing placed.
        let one = ProgramScope(paths: ["Samples/App/FeedApp.swift", "Samples/App/Sync.swift", "Tools/Generate.swift"])
        #expect(one.membership(of: "Samples/App/Sync.swift") == nil)
        let nested = ProgramScope(paths: ["Apps/main.swift", "Apps/A/AApp.swift", "Apps/B/BApp.swift", "Tools/Generate.swift"])
        #expect(nested.membership(of: "Apps/A/AApp.swift") == nil)
    }

    @Test func lintOnDiskSplitsAppsOfOneFolderWithoutAProject() throws {
        let directory = try TemporaryDirectory()
        let renderer = "final class Renderer {\n    func startAnimation() {\n        Task { await step() }\n    }\n    func step() async {}\n}\n"
        for app in ["HeatTransfer", "Mandelbrot"] {
            try directory.write("Numerical/\(app)/\(app)App.swift", "import SwiftUI\n\n@main struct \(app)App: App {\n    var body: some Scene { WindowGroup {} }\n}\n")
            try directory.write("Numerical/\(app)/Renderer.swift", renderer)
        }
        try directory.write("Tools/Generate.swift", "func generate() {}\n")
        let result = LintEngine(rules: [TaskLabelCollisionRule()], parallel: false)
            .run(LintRequest(paths: ["."], workingDirectory: directory.path))
        #expect(result.tree.records.count == 2)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func appsOfTwoXcodeProjectsNeverShareAProcess() {
        let scope = ProgramScope(memberships: [
            "iOS/App/Store.swift": .init(domain: "iOS/App.xcodeproj", programs: ["App"], isSelfContained: true),
            "macOS/App/Store.swift": .init(domain: "macOS/App.xcodeproj", programs: ["Browser"], isSelfContained: true),
            "macOS/Kit/Sync.swift": .init(domain: "macOS/App.xcodeproj", programs: ["Kit", "Browser"]),
            "Packages/Core/Sync.swift": .init(domain: "Packages/Package.swift", programs: ["Core"]),
        ])
        #expect(!scope.shareProgram("iOS/App/Store.swift", "macOS/App/Store.swift"))
        // A framework another project may link, and a package's library, may share a process with anything.
        #expect(scope.shareProgram("iOS/App/Store.swift", "macOS/Kit/Sync.swift"))
        #expect(scope.shareProgram("iOS/App/Store.swift", "Packages/Core/Sync.swift"))
        #expect(scope.shareProgram("macOS/App/Store.swift", "Packages/Core/Sync.swift"))
    }

    @Test func entryPointDeclarationsAreReadFromTheSource() {
        func declares(_ source: String) -> Bool { ProgramEntryPoint.declaresEntryPoint(Array(source.utf8)) }
        #expect(declares("@main final class AgentDelegate: NSObject, NSApplicationDelegate {}"))
        #expect(declares("final class FooVPNAppDelegate: NSObject, AppKit.NSApplicationDelegate {}"))
        #expect(declares("#if os(iOS)\n@main struct Feeds: App { var body: some Scene { WindowGroup {} } }\n#endif"))
        #expect(declares("@UIApplicationMain class Delegate: UIResponder, UIApplicationDelegate {}"))
        // Shared code that adds a conformance, mentions a delegate or names an attribute in a comment marks nothing.
        #expect(!declares("extension AppDelegate: UIApplicationDelegate {}"))
        #expect(!declares("func attach(_ delegate: UIApplicationDelegate) {}\n// @main lives in the app"))
        #expect(!declares("protocol Launching: UIApplicationDelegate {}"))
        #expect(ProgramEntryPoint.isExtensionPropertyList("<dict><key>NSExtension</key><dict/></dict>"))
        #expect(!ProgramEntryPoint.isExtensionPropertyList("<dict><key>CFBundleName</key><string>Feeds</string></dict>"))
    }

    @Test func lintOnDiskPlacesAnAgentAppByWhatItDeclares() throws {
        let directory = try TemporaryDirectory()
        let menu = "final class StatusMenu {\n    func refresh() { Task { await reload() } }\n}\n"
        try directory.write("Browser/AppDelegate.swift", "final class AppDelegate {}\n")
        try directory.write("Browser/StatusMenu.swift", menu)
        try directory.write("VPNAgent/FooVPNAppDelegate.swift", "@main final class FooVPNAppDelegate: NSObject, NSApplicationDelegate {}\n")
        try directory.write("VPNAgent/StatusMenu.swift", menu)
        let result = LintEngine(rules: [TaskLabelCollisionRule()], parallel: false)
            .run(LintRequest(paths: ["."], workingDirectory: directory.path))
        #expect(result.tree.records.count == 2)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        #expect(!result.tree.programScope.shareProgram("Browser/StatusMenu.swift", "VPNAgent/StatusMenu.swift"))
    }

    @Test func swiftPackageTargetsAndTheirDependencies() {
        let manifest = """
            let package = Package(
                name: "Shop",
                products: [.library(name: "Core", targets: ["Core"])],
                dependencies: [.package(url: "https://example.com/x", from: "1.0.0")],
                targets: [
                    .executableTarget(name: "Server", dependencies: ["Core", .product(name: "X", package: "x")]),
                    .executableTarget(name: "Worker", dependencies: [.target(name: "Core")]),
                    .target(name: "Core", path: "Sources/ShopCore"),
                    .target(name: "Tools"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                ]
            )
            """
        let package = SwiftPackageTargets(directory: "/p", manifest: manifest)
        #expect(package?.targets.map(\.name) == ["Server", "Worker", "Core", "Tools", "CoreTests"])
        #expect(package?.programs(of: "/p/Sources/ShopCore/Store.swift") == ["Server", "Worker", "Core", SwiftPackageTargets.testProduct])
        #expect(package?.programs(of: "/p/Sources/Server/main.swift") == ["Server"])
        #expect(package?.programs(of: "/p/Tests/CoreTests/StoreTests.swift") == [SwiftPackageTargets.testProduct])
        #expect(package?.programs(of: "/p/Sources/Tools/Lint.swift") == ["Tools"])
        #expect(package?.programs(of: "/p/Scripts/x.swift") == nil)
    }

    @Test func discoveryReadsThePackageOnDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("programscope-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for folder in ["Sources/Server", "Sources/Worker", "Sources/Core"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try """
            let package = Package(name: "Shop", targets: [
                .executableTarget(name: "Server", dependencies: ["Core"]),
                .executableTarget(name: "Worker", dependencies: ["Core"]),
                .target(name: "Core"),
            ])
            """.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let paths = ["Sources/Server/main.swift", "Sources/Worker/main.swift", "Sources/Core/Store.swift"]
        let scope = ProgramScope.discover(displayPaths: paths, workingDirectory: directory.path)
        #expect(!scope.shareProgram(paths[0], paths[1]))
        #expect(scope.shareProgram(paths[0], paths[2]))
        #expect(scope.shareProgram(paths[1], paths[2]))
    }

    /// A trimmed `project.pbxproj` in the shape Xcode 16 writes: two apps with synchronized folders, one
    /// shared folder compiled into both (minus one file for the Mac app), and a classic file reference.
    static let pbxproj = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objects = {
                B1 /* X.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* X.swift */; };
                F1 /* X.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = X.swift; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = (SM, SI, SS, GL, ); sourceTree = "<group>"; };
                GL /* Legacy */ = {isa = PBXGroup; children = (F1, ); path = Legacy; sourceTree = "<group>"; };
                SM /* Mac */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Mac; sourceTree = "<group>"; };
                SI /* iOS */ = {isa = PBXFileSystemSynchronizedRootGroup; path = iOS; sourceTree = "<group>"; };
                SS /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX, ); path = Shared; sourceTree = "<group>"; };
                EX = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Touch/Bar.swift, ); target = TM /* Mac */; };
                PS = {isa = PBXSourcesBuildPhase; files = (B1, ); };
                TM /* NetNewsWire */ = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (SM, SS, ); name = NetNewsWire; productType = "com.apple.product-type.application"; };
                TI /* iOS */ = {isa = PBXNativeTarget; buildPhases = (PS, ); dependencies = (); fileSystemSynchronizedGroups = (SI, SS, ); name = "NetNewsWire-iOS"; productType = "com.apple.product-type.application"; };
                P0 = {isa = PBXProject; mainGroup = G0; targets = (TM, TI, ); };
            };
            rootObject = P0;
        }
        """

    @Test func xcodeTargetsFromSynchronizedFoldersAndBuildPhases() throws {
        let project = try #require(XcodeProjectTargets(text: Self.pbxproj, projectDirectory: "/src"))
        #expect(project.programs(of: "/src/Mac/AppDelegate.swift") == ["NetNewsWire"])
        #expect(project.programs(of: "/src/iOS/Scene/SceneDelegate.swift") == ["NetNewsWire-iOS"])
        #expect(project.programs(of: "/src/Shared/Sync.swift") == ["NetNewsWire", "NetNewsWire-iOS"])
        #expect(project.programs(of: "/src/Shared/Touch/Bar.swift") == ["NetNewsWire-iOS"])
        #expect(project.programs(of: "/src/Legacy/X.swift") == ["NetNewsWire-iOS"])
        #expect(project.programs(of: "/src/Modules/RSCore/Sources/A.swift") == nil)
    }

    /// Several apps synchronizing one folder, each in its own subfolder: each app's exceptions take its
    /// siblings out of it, file by file or as a whole folder; an exception for a target not synchronizing the
    /// folder adds to it, a folder as a whole too.
    static let numericalProject = """
        // !$*UTF8*$!
        {
            objects = {
                EH /* Exceptions for "Numerical" folder in "HeatTransfer" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Mandelbrot/MandelbrotApp.swift, Mandelbrot/Renderer.swift, Waves, ); target = TH; };
                EM /* Exceptions for "Numerical" folder in "Mandelbrot" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (HeatTransfer, Waves, ); target = TM; };
                EW /* Exceptions for "Numerical" folder in "Waves" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Waves, Shared/Grid.swift, ); target = TW; };
                NU /* Numerical */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EH, EM, EW, ); path = Numerical; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = (NU, ); sourceTree = "<group>"; };
                TH /* HeatTransfer */ = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (NU, ); name = HeatTransfer; productType = "com.apple.product-type.application"; };
                TM /* Mandelbrot */ = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (NU, ); name = Mandelbrot; productType = "com.apple.product-type.application"; };
                TW /* Waves */ = {isa = PBXNativeTarget; buildPhases = (); name = Waves; productType = "com.apple.product-type.application"; };
                P0 = {isa = PBXProject; mainGroup = G0; targets = (TH, TM, TW, ); };
            };
            rootObject = P0;
        }
        """

    @Test func membershipExceptionsTakeOutFilesAndFoldersOfASynchronizedFolder() throws {
        let project = try #require(XcodeProjectTargets(text: Self.numericalProject, projectDirectory: "/src"))
        #expect(project.programs(of: "/src/Numerical/HeatTransfer/Renderer.swift") == ["HeatTransfer"])
        #expect(project.programs(of: "/src/Numerical/HeatTransfer/Solver/Step.swift") == ["HeatTransfer"])
        #expect(project.programs(of: "/src/Numerical/Mandelbrot/Renderer.swift") == ["Mandelbrot"])
        #expect(project.programs(of: "/src/Numerical/Waves/Renderer.swift") == ["Waves"])
        #expect(project.programs(of: "/src/Numerical/Shared/Grid.swift") == ["HeatTransfer", "Mandelbrot", "Waves"])
        #expect(project.programs(of: "/src/Numerical/Shared/Colors.swift") == ["HeatTransfer", "Mandelbrot"])
        // A folder's name is no prefix of its sibling's.
        #expect(project.programs(of: "/src/Numerical/HeatTransferTools/Plot.swift") == ["HeatTransfer", "Mandelbrot"])
    }

    /// Discovery answers once per folder what a package or project says of the files in it: every file must
    /// still get what its manifest says of it alone, whatever its name (a name starting with a combining
    /// mark, or after a prepended one, splits the path at an earlier `/`).
    @Test func discoveryAnswersPerFolderWhatManifestsAnswerPerFile() throws {
        let directory = try TemporaryDirectory()
        let root = (directory.path as NSString).standardizingPath
        try directory.write("Shop/Package.swift", """
            let package = Package(name: "Shop", targets: [
                .executableTarget(name: "Server", dependencies: ["Core"]),
                .target(name: "Core"),
                .target(name: "Inner", path: "Sources/Core/Inner"),
                .target(name: "Accented", path: "Sources/Core/Caf\u{E9}"),
            ])
            """)
        try directory.write("App/App.xcodeproj/project.pbxproj", Self.pbxproj)
        // A synchronized folder whose name ends in a prepended mark: the `/` after it joins it, so its files'
        // paths split at the `/` before it, in the folder of files it does not hold.
        try directory.write("Odd/Odd.xcodeproj/project.pbxproj", """
            { objects = {
                G0 = {isa = PBXGroup; children = (SX, ); sourceTree = "<group>"; };
                SX = {isa = PBXFileSystemSynchronizedRootGroup; path = "Sources/x\u{600}"; sourceTree = "<group>"; };
                TX = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (SX, ); name = Joined; productType = "com.apple.product-type.application"; };
                P0 = {isa = PBXProject; mainGroup = G0; targets = (TX, ); };
              };
              rootObject = P0; }
            """)
        let paths = [
            "Shop/Sources/Core/A.swift", "Shop/Sources/Core/\u{301}B.swift", "Shop/Sources/Core/x\u{600}/C.swift",
            "Shop/Sources/Core/D.swift", "Shop/Sources/Core/Inner/E.swift", "Shop/Sources/Core/Cafe\u{301}/F.swift",
            "Shop/Sources/Core/Caf\u{E9}/G.swift", "Shop/Sources/Server/main.swift", "Shop/Scripts/run.swift",
            "App/Mac/AppDelegate.swift", "App/Shared/Touch/Baz.swift", "App/Shared/Touch/Bar.swift", "App/Shared/Touch/Qux.swift",
            "App/Shared/Sync.swift", "App/iOS/Scene.swift", "App/Legacy/X.swift", "App/Legacy/Y.swift",
            "Odd/Sources/A.swift", "Odd/Sources/x\u{600}/B.swift", "Odd/Sources/C.swift",
        ]
        for path in paths { try directory.write(path, "") }
        let scope = ProgramScope.discover(displayPaths: paths, workingDirectory: root)
        let package = try #require(SwiftPackageTargets(directory: root + "/Shop"))
        for path in paths {
            let file = root + "/" + path
            let folder = String(path.prefix { $0 != "/" })
            let manifest = root + "/\(folder)/\(folder).xcodeproj/project.pbxproj"
            let expected: ProgramScope.Membership?
            if folder == "Shop" {
                expected = package.programs(of: file).map { ProgramScope.Membership(domain: root + "/Shop/Package.swift", programs: $0) }
            } else {
                let targets = try #require(XcodeProjectTargets(pbxprojPath: manifest))
                expected = targets.programs(of: file).map {
                    ProgramScope.Membership(domain: manifest, programs: $0, isSelfContained: targets.areSelfContained(targets.ownTargets(of: file)))
                }
            }
            #expect(scope.membership(of: path) == expected, "\(path.debugDescription)")
        }
        #expect(scope.membership(of: "Odd/Sources/x\u{600}/B.swift")?.programs == ["Joined"])
        #expect(scope.membership(of: "App/Shared/Touch/Bar.swift")?.programs == ["NetNewsWire-iOS"])
        #expect(scope.membership(of: "App/Shared/Touch/Baz.swift")?.programs == ["NetNewsWire", "NetNewsWire-iOS"])
    }

    @Test func aPropertyListThisReaderCannotReadPlacesNothing() {
        #expect(XcodeProjectTargets(text: "{ objects = { A = (", projectDirectory: "/src") == nil)
        #expect(XcodeProjectTargets(text: String(repeating: "(", count: 100_000), projectDirectory: "/src") == nil)
    }
}
