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

    /// After its first name, a folder's entries answer for its other names: a link (to a file, a folder or
    /// nothing), a missing name, a name spelled with other bytes than the file's, or one made after the folder
    /// was read must still take the `lstat` and answer as Foundation does.
    @Test func aFolderReadOnceAnswersOnlyForWhatItPlainlyHolds() throws {
        let directory = try TemporaryDirectory()
        let root = (directory.path as NSString).standardizingPath
        for name in ["A.swift", "B.swift", "Caf\u{E9}.swift", "Shared/Model.swift"] { try directory.write("App/" + name, "") }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root + "/App/Link.swift", withDestinationPath: root + "/App/Shared/Model.swift")
        try manager.createSymbolicLink(atPath: root + "/App/Folder", withDestinationPath: root + "/App/Shared")
        try manager.createSymbolicLink(atPath: root + "/App/Dangling.swift", withDestinationPath: root + "/App/Nowhere.swift")
        var standardizer = PathStandardizer()
        func expectFoundation(_ relative: String) {
            let path = root + relative
            #expect(standardizer.standardize(path) == (path as NSString).standardizingPath, "\(relative)")
        }
        // The first two names make the folder searchable, then read.
        for name in ["A.swift", "B.swift", "Link.swift", "Folder/Model.swift", "Dangling.swift", "Gone.swift",
                     "Cafe\u{301}.swift", "Caf\u{E9}.swift", "Shared/Model.swift"] {
            expectFoundation("/App/" + name)
        }
        // A name the folder did not hold when it was read.
        try directory.write("App/Late.swift", "")
        expectFoundation("/App/Late.swift")
    }
}

/// Splitting and joining on bytes must answer what the character-wise and Foundation calls answer.
@Suite struct PathSplitTests {
    static let paths = [
        "/a/b/c.swift", "/a/b/", "/", "", "a", "/a", "a/b", "/a/b/\u{301}c.swift", "/a/b\u{600}/c.swift", "/a/\u{E9}/b.swift",
        "/a/e\u{301}/b.swift", "/a//b", "/\u{301}", "\u{600}/", "/a/b/c\r/d", "/a/\u{1F1EB}\u{1F1F7}/x.swift",
    ]

    @Test func lastSlashIsTheCharacterWiseOne() {
        for path in Self.paths {
            #expect(PathSplit.lastSlash(in: path) == path.lastIndex(of: "/"), "\(path.debugDescription)")
        }
    }

    @Test func nameHasNoSlashAfterTheLastSlash() {
        for path in Self.paths {
            guard let slash = PathSplit.lastSlash(in: path) else { continue }
            #expect(PathSplit.nameHasNoSlash(path, after: slash) == !path[path.index(after: slash)...].utf8.contains(UInt8(ascii: "/")))
        }
    }

    @Test func appendingIsWhatFoundationAppends() {
        let parents = ["/a/b", "/a/b/", "/", "", "a", "/a//b", "/a/\u{E9}", "/a/b\u{600}"]
        let components = ["c", "c/d", "/c", "c/", "", "c//d", "\u{301}c", "..", "./c", "~"]
        for parent in parents {
            for component in components {
                #expect(PathSplit.appending(component, to: parent) == (parent as NSString).appendingPathComponent(component),
                        "\(parent.debugDescription) + \(component.debugDescription)")
            }
        }
    }

    @Test func sameBytesTellsSpellingsApart() {
        #expect(PathSplit.sameBytes("/a/Caf\u{E9}", "/a/Caf\u{E9}"))
        #expect(!PathSplit.sameBytes("/a/Caf\u{E9}", "/a/Cafe\u{301}"))
        #expect(!PathSplit.sameBytes("/a", "/a/"))
        #expect(PathSplit.sameBytes("", ""))
    }
}
