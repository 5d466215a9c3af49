import Foundation
import Testing
@testable import TaskWardenLint

/// The fast standardizer must answer exactly what Foundation answers, links and dots included.
@Suite struct PathStandardizerTests {
    @Test func answersWhatFoundationAnswersForFilesFoldersLinksAndDots() throws {
        let directory = try TemporaryDirectory()
        let root = (directory.path as NSString).standardizingPath
        try directory.write("App/Sources/Feed/Feed.swift", "")
        try directory.write("App/Sources/Feed/Row.swift", "")
        try directory.write("Shared/Model.swift", "")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root + "/App/Sources/Linked", withDestinationPath: root + "/Shared")
        try manager.createSymbolicLink(atPath: root + "/App/Sources/Feed/Alias.swift", withDestinationPath: root + "/Shared/Model.swift")
        let paths = [
            "/App/Sources/Feed/Feed.swift", "/App/Sources/Feed/Row.swift", "/App/Sources/Feed/Alias.swift",
            "/App/Sources/Linked/Model.swift", "/App/Sources/../Sources/Feed/Feed.swift", "/App/./Sources/Feed/Row.swift",
            "/App/Sources/Feed", "/App/Sources/Missing/Gone.swift", "/Shared/Model.swift", "/App/Sources/Feed/",
        ].map { root + $0 }
        var standardizer = PathStandardizer()
        // Twice: the second pass answers from what the first remembered.
        for _ in 0..<2 {
            for path in paths {
                #expect(standardizer.standardize(path) == (path as NSString).standardizingPath, "\(path)")
            }
        }
    }
}
