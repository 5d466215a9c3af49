import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct FolderListingsTests {
    static func print(modified: Int64) -> FileFingerprint {
        FileFingerprint(device: 1, inode: 2, size: 4096, modified: .init(seconds: modified, nanoseconds: 5),
                        changed: .init(seconds: modified, nanoseconds: 5))
    }

    @Test func listingsReadBackAndDamagedOnesAreIgnored() throws {
        var listing = DirectoryListing()
        listing.entries = [.init(name: "Sync.swift", isRegularFile: true), .init(name: "Views", isRegularFile: false, isDirectory: true),
                           .init(name: "Alias.swift", isRegularFile: false), .init(name: "Café \u{FFFD}.swift", isRegularFile: true)]
        let listings = FolderListings(recordedAt: .init(seconds: 1_000, nanoseconds: 7), folders: [
            "/repo/Sources": .init(fingerprint: Self.print(modified: 10), listing: listing),
            "/repo/Empty": .init(fingerprint: Self.print(modified: 20), listing: DirectoryListing()),
        ])
        let bytes = listings.bytes
        let read = try #require(FolderListings(bytes: bytes))
        #expect(read.recordedAt == listings.recordedAt)
        for (path, folder) in listings.folders {
            let back = try #require(read.folders[path])
            #expect(back.fingerprint == folder.fingerprint)
            #expect(back.listing.entries.map(\.name) == folder.listing.entries.map(\.name))
            #expect(back.listing.entries.map(\.isRegularFile) == folder.listing.entries.map(\.isRegularFile))
            #expect(back.listing.entries.map(\.isDirectory) == folder.listing.entries.map(\.isDirectory))
        }
        #expect(FolderListings(bytes: Array(bytes.dropLast())) == nil)
        var flipped = bytes
        flipped[flipped.count - 3] ^= 1
        #expect(FolderListings(bytes: flipped) == nil)
        let lying = "taskwarden-folders 1 1000 7 999999999 0 \(Checksum.hex([UInt8]()))\n"
        #expect(FolderListings(bytes: Array(lying.utf8)) == nil)
    }

    @Test func aListingIsUsedOnlyForTheSameFingerprintNotTakenRacily() {
        let listings = FolderListings(recordedAt: .init(seconds: 1_000, nanoseconds: 0), folders: [
            "/old": .init(fingerprint: Self.print(modified: 900), listing: DirectoryListing()),
            "/recent": .init(fingerprint: Self.print(modified: 999), listing: DirectoryListing()),
        ])
        #expect(listings.listing(of: "/old", fingerprint: Self.print(modified: 900)) != nil)
        #expect(listings.listing(of: "/old", fingerprint: Self.print(modified: 901)) == nil)
        #expect(listings.listing(of: "/recent", fingerprint: Self.print(modified: 999)) == nil)
        #expect(listings.listing(of: "/other", fingerprint: Self.print(modified: 900)) == nil)
    }
}
