import Foundation
import Testing
@testable import TaskWardenLint

/// Reading a folder's entries once must find the manifest `FileManager` finds there.
@Suite struct ManifestFinderTests {
    @Test func aFolderReadOnceFindsWhatFoundationFinds() throws {
        let directory = try TemporaryDirectory()
        let root = (directory.path as NSString).standardizingPath
        for file in [
            "Package/Package.swift", "Package/App.xcodeproj/project.pbxproj", "Lower/package.swift", "Projects/B.xcodeproj/project.pbxproj",
            "Projects/A.xcodeproj/project.pbxproj", "Projects/Empty.xcodeproj/README", "Bare/.xcodeproj/project.pbxproj",
            "Plain/File.swift", "Accented/Caf\u{E9}.swift", "Named/Package.swift/Inside.swift",
        ] {
            try directory.write(file, "")
        }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/Empty", withIntermediateDirectories: true)
        try directory.write("Links/Real/Package.swift", "")
        try manager.createSymbolicLink(atPath: root + "/Links/Package.swift", withDestinationPath: root + "/Links/Real/Package.swift")
        try directory.write("Dangling/File.swift", "")
        try manager.createSymbolicLink(atPath: root + "/Dangling/Package.swift", withDestinationPath: root + "/Dangling/Nowhere.swift")
        let folders = ["Package", "Lower", "Projects", "Bare", "Plain", "Accented", "Named", "Empty", "Links", "Dangling", "Missing"]
        for folder in folders.map({ root + "/" + $0 }) + [root] {
            var standardizer = PathStandardizer()
            #expect(ManifestFinder.manifest(in: folder, standardizer: &standardizer) == ManifestFinder.manifestAskingFoundation(in: folder),
                    "\(folder)")
        }
    }
}
