import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct EnclosingDirectoriesTests {
    @Test func startsAtTheFolderOfAFileOrAtAFolderAndEndsAtTheRoot() throws {
        let root = try TemporaryDirectory()
        try root.write("Shelf/Sources/App.swift", "")
        let base = URL(fileURLWithPath: root.path).standardizedFileURL.path
        let fromFile = EnclosingDirectories.of(root.path + "/Shelf/Sources/App.swift").map(\.path)
        #expect(Array(fromFile.prefix(2)) == [base + "/Shelf/Sources", base + "/Shelf"])
        #expect(fromFile.last == "/")
        #expect(Set(fromFile).count == fromFile.count, "no folder twice: \(fromFile)")
        #expect(EnclosingDirectories.of(root.path + "/Shelf/Sources").map(\.path).first == base + "/Shelf/Sources")
        #expect(EnclosingDirectories.of(root.path + "/Shelf/Missing.swift").map(\.path).first == base + "/Shelf")
        #expect(EnclosingDirectories.of("/").map(\.path) == ["/"])
    }
}
