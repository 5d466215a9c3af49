import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct ConfigurationLoaderTests {
    static func parse(_ json: String) throws(ConfigurationLoader.Failure) -> LintConfiguration {
        try ConfigurationLoader.parse(Data(json.utf8), file: "cfg.json")
    }

    static func failure(_ json: String) -> ConfigurationLoader.Failure? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheDocumentedExample() throws {
        let configuration = try Self.parse("""
            {"include": ["Sources/**"], "exclude": ["**/Generated/**"], "rules": {"unnamed-task": "error",
            "async-let-unnamed": "off"}, "naming": {"maxLength": 40}, "deploymentTargets": {"iOS": "17.0", "macOS": "14.0"}}
            """)
        #expect(configuration.include == ["Sources/**"])
        #expect(configuration.exclude == ["**/Generated/**"])
        #expect(configuration.rules["unnamed-task"] == .on(.error))
        #expect(configuration.rules["async-let-unnamed"] == .off)
        #expect(configuration.naming.maxLength == 40)
        #expect(configuration.deploymentTargets == DeploymentTargets([.iOS: PlatformVersion([17, 0]), .macOS: PlatformVersion([14, 0])]))
    }

    @Test func readsNamingWordListsAndSwiftUIExemption() throws {
        let configuration = try Self.parse("""
            {"naming": {"sensitiveWords": ["catalogNumber"], "unstableWords": [], "exemptSwiftUITask": false, "maxLength": 24}}
            """)
        #expect(configuration.naming.sensitiveWords == ["catalogNumber"])
        #expect(configuration.naming.unstableWords.isEmpty)
        #expect(configuration.naming.exemptSwiftUITask == false)
        #expect(configuration.naming.maxLength == 24)
    }

    @Test(arguments: [
        ("{\"rules\": {\"unnamed-task\": \"loud\"}}", "rules.unnamed-task"),
        ("{\"rules\": {\"no-such-rule\": \"error\"}}", "rules.no-such-rule"),
        ("{\"naming\": {\"maxLength\": \"forty\"}}", "naming.maxLength"),
        ("{\"naming\": {\"maxLength\": true}}", "naming.maxLength"),
        ("{\"naming\": {\"maxLength\": 15}}", "naming.maxLength"),
        ("{\"naming\": {\"maxLenght\": 40}}", "naming.maxLenght"),
        ("{\"naming\": {\"exemptSwiftUITask\": 1}}", "naming.exemptSwiftUITask"),
        ("{\"include\": \"Sources/**\"}", "include"),
        ("{\"exclude\": [1]}", "exclude"),
        ("{\"deploymentTargets\": {\"android\": \"14\"}}", "deploymentTargets.android"),
        ("{\"deploymentTargets\": {\"iOS\": \"seventeen\"}}", "deploymentTargets.iOS"),
        ("{\"rule\": {}}", "rule"),
    ])
    func namesTheKeyOfAMalformedSetting(_ json: String, _ key: String) {
        let failure = Self.failure(json)
        #expect(failure?.key == key, "\(json) → \(String(describing: failure))")
        #expect(failure?.description.contains("cfg.json: key '\(key)'") == true)
    }

    /// A number beyond a Double's range is valid JSON: the message names its key and says the number is out of
    /// range, and an unknown key holding one is still reported as unknown.
    @Test func aNumberOutOfRangeIsCalledThatUnderItsKey() {
        let huge = "1" + String(repeating: "0", count: 400)
        let maxLength = Self.failure("{\"naming\": {\"maxLength\": \(huge)}}")
        #expect(maxLength?.key == "naming.maxLength")
        #expect(maxLength?.problem == "expected a whole number from 16 to 9999, got a number out of range")
        let include = Self.failure("{\"include\": [\(huge)]}")
        #expect(include?.key == "include")
        #expect(include?.problem == "expected an array of strings, got [a number out of range]")
        let target = Self.failure("{\"deploymentTargets\": {\"iOS\": -1e400}}")
        #expect(target?.key == "deploymentTargets.iOS")
        #expect(target?.problem.hasSuffix("got a number out of range") == true)
        let unknown = Self.failure("{\"bogus\": \(huge)}")
        #expect(unknown?.key == "bogus")
        #expect(unknown?.problem.hasPrefix("unknown key") == true)
        for failure in [maxLength, include, target, unknown] {
            #expect(failure?.description.contains("expected an object") == false, "\(String(describing: failure))")
        }
    }

    @Test func rejectsInvalidJSONAndNonObjects() {
        #expect(Self.failure("{\"rules\": ")?.problem.hasPrefix("not valid JSON") == true)
        #expect(Self.failure("[1, 2]")?.problem == "expected a JSON object at the top level")
    }

    @Test func findsTheNearestConfigurationAbove() throws {
        let root = try TemporaryDirectory()
        try root.write(".taskwarden.json", "{}")
        try root.write("App/Sources/Shelf.swift", "")
        try root.write("App/.taskwarden.json", "{}")
        #expect(ConfigurationLoader.find(above: root.path + "/App/Sources/Shelf.swift") == root.path + "/App/.taskwarden.json")
        #expect(ConfigurationLoader.find(above: root.path + "/App/Sources") == root.path + "/App/.taskwarden.json")
        #expect(ConfigurationLoader.find(above: root.path) == root.path + "/.taskwarden.json")
    }
}

@Suite struct DeploymentTargetDetectorTests {
    @Test func readsPackageManifestPlatforms() {
        let manifest = """
            let package = Package(
                name: "RecordShelf",
                platforms: [.iOS(.v17), .macOS(.v10_15), .watchOS("10.2"), .visionOS(.v1)],
                products: []
            )
            """
        let targets = DeploymentTargetDetector.targets(inManifest: manifest)
        #expect(targets.minimum(for: .iOS) == PlatformVersion([17]))
        #expect(targets.minimum(for: .macOS) == PlatformVersion([10, 15]))
        #expect(targets.minimum(for: .watchOS) == PlatformVersion([10, 2]))
        #expect(targets.minimum(for: .visionOS) == PlatformVersion([1]))
        #expect(targets.minimum(for: .tvOS) == nil)
    }

    /// A comment after a platform must not swallow the next one (a lost macOS 13 would make `fix` insert
    /// `addTask(name:)`, which needs macOS 15).
    @Test func readsManifestPlatformsAroundComments() {
        let manifest = """
            let package = Package(
                name: "RecordShelf",
                platforms: [
                    .iOS(.v18), // phones
                    /* desktops */ .macOS(.v13),
                    // .tvOS(.v18),
                ],
                products: []
            )
            """
        let targets = DeploymentTargetDetector.targets(inManifest: manifest)
        #expect(targets.minimum(for: .iOS) == PlatformVersion([18]))
        #expect(targets.minimum(for: .macOS) == PlatformVersion([13]))
        #expect(targets.minimum(for: .tvOS) == nil)
    }

    @Test func readsTheLowestTargetsOfACRLFXcodeProject() {
        let project = "IPHONEOS_DEPLOYMENT_TARGET = 17.0;\r\nIPHONEOS_DEPLOYMENT_TARGET = 16.4;\r\n"
        #expect(DeploymentTargetDetector.targets(inProject: project).minimum(for: .iOS) == PlatformVersion([16, 4]))
    }

    @Test func readsTheLowestTargetsOfAnXcodeProject() {
        let project = """
            IPHONEOS_DEPLOYMENT_TARGET = 17.0;
            IPHONEOS_DEPLOYMENT_TARGET = 16.4;
            MACOSX_DEPLOYMENT_TARGET = 14.0;
            "XROS_DEPLOYMENT_TARGET" = 1.0;
            """
        let targets = DeploymentTargetDetector.targets(inProject: project)
        #expect(targets.minimum(for: .iOS) == PlatformVersion([16, 4]))
        #expect(targets.minimum(for: .macOS) == PlatformVersion([14]))
    }

    @Test func searchesUpwardForAManifestOrProject() throws {
        let root = try TemporaryDirectory()
        try root.write("Shelf/Shelf.xcodeproj/project.pbxproj", "IPHONEOS_DEPLOYMENT_TARGET = 16.0;\n")
        try root.write("Shelf/Sources/App.swift", "")
        try root.write("Server/Package.swift", "platforms: [.macOS(.v14)]")
        try root.write("Server/Sources/Main/main.swift", "")
        #expect(DeploymentTargetDetector.detect(startingAt: root.path + "/Shelf/Sources")?.minimum(for: .iOS) == PlatformVersion([16]))
        #expect(DeploymentTargetDetector.detect(startingAt: root.path + "/Server/Sources/Main/main.swift")?.minimum(for: .macOS) == PlatformVersion([14]))
    }
}
