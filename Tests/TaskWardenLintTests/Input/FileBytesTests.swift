import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct FileBytesTests {
    /// Manifests and property lists are read as text through ``FileBytes/text(_:)``; it must read exactly what
    /// Foundation's `String(contentsOfFile:encoding: .utf8)` reads, byte-order mark and invalid files included.
    @Test(arguments: [
        [UInt8]("let package = Package(name: \"P\")\n".utf8),
        [0xEF, 0xBB, 0xBF] + [UInt8]("platforms: [.iOS(.v17)]".utf8),
        [0xEF, 0xBB, 0xBF],
        [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x61],
        [UInt8]("IPHONEOS_DEPLOYMENT_TARGET = 17.0; // é 名前\r\n".utf8),
        [0x61, 0xFF, 0x62],
        [0xC3],
        [],
    ])
    func readsWhatFoundationReads(_ bytes: [UInt8]) throws {
        let folder = try TemporaryDirectory()
        try folder.write("file.txt", Data(bytes))
        let path = folder.path + "/file.txt"
        #expect(FileBytes.text(path) == (try? String(contentsOfFile: path, encoding: .utf8)))
    }

    @Test func aMissingFileHasNoText() throws {
        let folder = try TemporaryDirectory()
        #expect(FileBytes.text(folder.path + "/missing.swift") == nil)
        #expect(FileBytes.text(folder.path) == nil)
    }
}
