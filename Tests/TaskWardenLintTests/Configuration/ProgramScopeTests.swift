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
        #expect(package?.programs(of: "/p/Sources/ShopCore/Store.swift") == ["Server", "Worker", "Core", "CoreTests"])
        #expect(package?.programs(of: "/p/Sources/Server/main.swift") == ["Server"])
        #expect(package?.programs(of: "/p/Tests/CoreTests/StoreTests.swift") == ["CoreTests"])
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

    @Test func aPropertyListThisReaderCannotReadPlacesNothing() {
        #expect(XcodeProjectTargets(text: "{ objects = { A = (", projectDirectory: "/src") == nil)
        #expect(XcodeProjectTargets(text: String(repeating: "(", count: 100_000), projectDirectory: "/src") == nil)
    }
}
