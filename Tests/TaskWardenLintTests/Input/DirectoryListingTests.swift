import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct DirectoryListingTests {
    @Test func listsEveryEntryAndTellsRegularFiles() throws {
        let root = try TemporaryDirectory()
        try root.write("Sync.swift", "func sync() {}\n")
        try root.write("logo.png", "not an image\n")
        try root.write("Views/List.swift", "struct List {}\n")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Alias.swift", withDestinationPath: root.path + "/Sync.swift")
        let listing = try #require(DirectoryListing.read(root.path))
        let kinds = Dictionary(uniqueKeysWithValues: listing.entries.map { ($0.name, $0.isRegularFile) })
        // `.` and `..` are not entries; a link and a folder are not regular files (the collector asks `stat`).
        #expect(kinds == ["Sync.swift": true, "logo.png": true, "Views": false, "Alias.swift": false])
        #expect(listing.entries.filter(\.isDirectory).map(\.name) == ["Views"])
        #expect(DirectoryListing.read(root.path + "/missing") == nil)
    }

    @Test func aTreeOfOtherFilesIsWalkedWithoutReadingThem() throws {
        // Files the collector never reads (images, data) are skipped from `readdir`'s answer; a link to a Swift
        // file is still followed, and recognised as the file it leads to (linted once, under the first name).
        let root = try TemporaryDirectory()
        try root.write("Sources/Sync.swift", "func sync() { Task { await upload() } }\n")
        for index in 0..<20 { try root.write("Sources/Assets/image\(index).png", "png\n") }
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Sources/Linked.swift",
                                                   withDestinationPath: root.path + "/Sources/Sync.swift")
        let result = LintEngineDiskTests.run(root)
        #expect(result.statistics.filesFound == 1)
        #expect(result.tree.sites.map(\.position.file) == ["Sources/Linked.swift"])
    }

    @Test func namesOfEveryLengthReadBackByteForByte() throws {
        // A name is read from its entry up to its NUL, never as the whole fixed-size `d_name` array: names from
        // one byte to the longest a file system allows, ASCII and not, come back exactly.
        let root = try TemporaryDirectory()
        var written: Set<String> = []
        for length in 1...255 {
            let name = String(repeating: length.isMultiple(of: 2) ? "a" : "b", count: length)
            written.insert(name)
            try root.write(name, "")
        }
        written.insert("Caf\u{E9} \u{1F600}.swift")
        try root.write("Caf\u{E9} \u{1F600}.swift", "")
        let listing = try #require(DirectoryListing.read(root.path))
        #expect(Set(listing.entries.map(\.name)) == written)
        #expect(listing.entries.count == written.count)
    }
}
