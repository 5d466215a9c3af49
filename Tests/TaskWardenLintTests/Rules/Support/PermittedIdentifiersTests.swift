import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct PermittedIdentifiersTests {
    let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>
    <key>CFBundleName</key><string>RecordShelf</string>
    <key>BGTaskSchedulerPermittedIdentifiers</key>
    <array><string>shelf.price-refresh</string><string>shelf.thumbnail-cleanup</string></array>
    </dict></plist>
    """

    @Test func readsXMLPlists() throws {
        let identifiers = try PermittedIdentifiers.parse(Data(xml.utf8), path: "Info.plist")
        #expect(identifiers == ["shelf.price-refresh", "shelf.thumbnail-cleanup"])
    }

    @Test func readsBinaryPlists() throws {
        let plist: [String: Any] = ["BGTaskSchedulerPermittedIdentifiers": ["shelf.cloud-sync"]]
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist".utf8)))
        #expect(try PermittedIdentifiers.parse(binary, path: "Info.plist") == ["shelf.cloud-sync"])
    }

    @Test func aPlistWithoutTheKeyPermitsNothingButIsNotAnError() throws {
        let plain = xml.replacingOccurrences(of: "BGTaskSchedulerPermittedIdentifiers", with: "UIBackgroundModes")
        #expect(try PermittedIdentifiers.parse(Data(plain.utf8), path: "Info.plist") == nil)
    }

    @Test func badInputNamesThePath() {
        #expect(throws: PermittedIdentifiers.ReadError.self) {
            try PermittedIdentifiers.parse(Data("not a plist <<".utf8), path: "App/Info.plist")
        }
        do {
            _ = try PermittedIdentifiers.parse(Data("<plist version=\"1.0\"><dict><key>BGTaskSchedulerPermittedIdentifiers</key><string>x</string></dict></plist>".utf8), path: "App/Info.plist")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("App/Info.plist"))
            #expect(error == .wrongShape(path: "App/Info.plist"))
        }
        do {
            _ = try PermittedIdentifiers.read(from: URL(fileURLWithPath: "/nonexistent/Info.plist"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/Info.plist"))
        }
    }

    @Test func findsInfoPlistsUnderADirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tw-plist-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["App/Info.plist", "Widget/Widget-Info.plist", ".build/x/Info.plist", "App/Other.plist"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: url)
        }
        let found = PermittedIdentifiers.infoPlists(under: [root]).map { $0.path.replacingOccurrences(of: root.path + "/", with: "") }
        #expect(found == ["App/Info.plist", "Widget/Widget-Info.plist"])
    }
}
