import Foundation
import TaskWardenSupport

/// One `readdir` pass over a folder (`FolderReading`), kept for the questions program discovery asks of every
/// file in it: is this name a symbolic link (``PathStandardizer``), could the folder hold a manifest
/// (``ManifestFinder``)? Reading a folder once costs less than an `lstat` for each of its files.
///
/// Only names a standardizer asks about are kept — Swift files and folders — with the kind `readdir` reports;
/// any other name is unknown, and the caller asks the file system as before.
struct FolderEntries {
    /// `d_type` by name, for names ending in `.swift` and for folders.
    private let kinds: [String: UInt8]
    /// An entry could be `Package.swift` (any case, or a name with non-ASCII letters, which case folding on
    /// a case-insensitive volume could turn into it).
    let mayHoldPackage: Bool
    /// An entry's name ends in `.xcodeproj`.
    let mayHoldProject: Bool

    private static let packageName = Array("Package.swift".utf8)
    private static let projectSuffix = Array(".xcodeproj".utf8)
    private static let swiftSuffix = Array(".swift".utf8)

    /// Reads `directory`; nil when it cannot be listed.
    init?(reading directory: String) {
        // Gathered, then hashed once into a dictionary of the right size.
        var kept: [(String, UInt8)] = []
        var (mayHoldPackage, mayHoldProject) = (false, false)
        let readable = FolderReading.forEachEntry(of: directory) { name, kind in
            if Self.mayBePackageManifest(name) { mayHoldPackage = true }
            if Self.hasSuffix(name, Self.projectSuffix) { mayHoldProject = true }
            // A name that is not UTF-8 is left out: no `String` spells it.
            if kind == UInt8(DT_DIR) || Self.hasSuffix(name, Self.swiftSuffix), let text = Self.text(name) {
                kept.append((text, kind))
            }
        }
        guard readable else { return nil }
        // Names in one folder are distinct bytes; two spellings Swift calls equal keep the last (whose bytes a
        // lookup then checks).
        kinds = Dictionary(kept, uniquingKeysWith: { _, last in last })
        (self.mayHoldPackage, self.mayHoldProject) = (mayHoldPackage, mayHoldProject)
    }

    /// The name as a `String`, or nil when it is not UTF-8 (ASCII, most names, skips the validation).
    private static func text(_ name: UnsafeRawBufferPointer) -> String? {
        name.contains(where: { $0 >= 0x80 }) ? String(validating: name, as: UTF8.self) : String(decoding: name, as: UTF8.self)
    }

    /// `Package.swift` in any case, or any name with a non-ASCII byte.
    private static func mayBePackageManifest(_ name: UnsafeRawBufferPointer) -> Bool {
        if name.contains(where: { $0 >= 0x80 }) { return true }
        guard name.count == packageName.count else { return false }
        for index in 0..<name.count where name[index] | 0x20 != packageName[index] | 0x20 { return false }
        return true
    }

    private static func hasSuffix(_ name: UnsafeRawBufferPointer, _ suffix: [UInt8]) -> Bool {
        guard name.count >= suffix.count else { return false }
        let start = name.count - suffix.count
        for index in 0..<suffix.count where name[start + index] != suffix[index] { return false }
        return true
    }

    /// Whether `name` is an entry that is certainly not a symbolic link (a file, a folder, another kind
    /// `readdir` names); false when it is a link, its kind is unknown, or it was not kept.
    func isKnownNonLink(_ name: Substring) -> Bool {
        // Looked up by `String` equality, then held to the same bytes: a spelling Swift calls equal may name
        // another file on disk.
        let key = String(name)
        guard let index = kinds.index(forKey: key) else { return false }
        let (stored, kind) = kinds[index]
        guard kind != UInt8(DT_LNK), kind != UInt8(DT_UNKNOWN) else { return false }
        return PathSplit.sameBytes(stored, key)
    }
}
