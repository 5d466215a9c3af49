import Foundation

/// Reads deployment targets from where projects already declare them, when `.taskwarden.json` does not:
/// the `platforms:` of the nearest `Package.swift`, or `IPHONEOS_DEPLOYMENT_TARGET` and friends in an Xcode
/// project's `project.pbxproj` (the lowest value of each, over all build configurations).
///
/// ```swift
/// DeploymentTargetDetector.targets(inManifest: "platforms: [.iOS(.v17), .macOS(\"14.0\")]")
/// // iOS 17.0, macOS 14.0
/// ```
public enum DeploymentTargetDetector {
    /// Searches `directory` and the directories above it for `Package.swift` or `*.xcodeproj`.
    public static func detect(startingAt path: String) -> DeploymentTargets? {
        for directory in EnclosingDirectories.of(path) {
            if let targets = declaredTargets(inDirectory: directory.path,
                                             entries: try? FileManager.default.contentsOfDirectory(atPath: directory.path)) {
                return targets
            }
        }
        return nil
    }

    /// The targets declared directly in `directory`: its `Package.swift`, else the lowest of each platform
    /// over its `*.xcodeproj` projects; nil when it has neither, so the search goes on upward. `entries` are
    /// the directory's names when listed (nil: not listed, `Package.swift` is still tried).
    static func declaredTargets(inDirectory directory: String, entries: [String]?) -> DeploymentTargets? {
        if entries?.contains("Package.swift") ?? true,
           let text = FileBytes.text(directory + "/Package.swift") {
            return targets(inManifest: text)
        }
        let projects = (entries ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
        guard !projects.isEmpty else { return nil }
        var merged: [ApplePlatform: PlatformVersion] = [:]
        for project in projects {
            // Scanned as bytes: a project file runs to megabytes, and making a `String` of it would cost more
            // than finding its few deployment-target lines.
            guard let bytes = FileBytes.read(directory + "/" + project + "/project.pbxproj"), UTF8Validation.isValid(bytes)
            else { continue }
            merged.merge(bytes.withUnsafeBufferPointer(targets(inProjectBytes:)).versions) { min($0, $1) }
        }
        return DeploymentTargets(merged)
    }

    /// `.iOS(.v17)`, `.macOS(.v10_15)`, `.iOS("17.2")` inside a manifest's `platforms:` list.
    /// Comments are dropped first: `.iOS(.v18), // phones` must not swallow the next platform, and a
    /// commented-out `// platforms: […]` is not the manifest's.
    public static func targets(inManifest manifest: String) -> DeploymentTargets {
        let text = withoutComments(manifest)
        guard let start = text.range(of: "platforms:") else { return DeploymentTargets() }
        let rest = text[start.upperBound...]
        guard let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") else { return DeploymentTargets() }
        let list = rest[rest.index(after: open)..<close]
        var versions: [ApplePlatform: PlatformVersion] = [:]
        for entry in list.split(separator: ",") {
            let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.hasPrefix("."), let paren = trimmed.firstIndex(of: "("), let end = trimmed.lastIndex(of: ")") else { continue }
            let name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<paren])
            let argument = String(trimmed[trimmed.index(after: paren)..<end])
            guard let platform = ApplePlatform(spelling: name), let version = PlatformVersion(parsing: argument) else { continue }
            versions[platform] = version
        }
        return DeploymentTargets(versions)
    }

    /// `text` without `//` and (nested) `/* */` comments; string literals, single-line or `"""`, are kept as
    /// they are (a package URL's `https://` is not a comment).
    static func withoutComments(_ text: String) -> String {
        // Bytes, not Characters: every delimiter is ASCII, and a manifest is read once per package folder.
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        var inMultilineString = false
        let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        func isNewline(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        func tripleQuote(_ offset: Int) -> Bool {
            offset + 3 <= bytes.count && bytes[offset] == quote && bytes[offset + 1] == quote && bytes[offset + 2] == quote
        }
        func pair(_ offset: Int, _ first: UInt8, _ second: UInt8) -> Bool {
            offset + 2 <= bytes.count && bytes[offset] == first && bytes[offset + 1] == second
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inString || inMultilineString {
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    result.append(byte)
                    result.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if inMultilineString, tripleQuote(index) {
                    inMultilineString = false
                    result += [quote, quote, quote]
                    index += 3
                    continue
                }
                if inString, byte == quote || isNewline(byte) { inString = false }
                result.append(byte)
                index += 1
            } else if tripleQuote(index) {
                inMultilineString = true
                result += [quote, quote, quote]
                index += 3
            } else if byte == quote {
                inString = true
                result.append(byte)
                index += 1
            } else if pair(index, slash, slash) {
                while index < bytes.count, !isNewline(bytes[index]) { index += 1 }
            } else if pair(index, slash, star) {
                var depth = 0
                repeat {
                    if pair(index, slash, star) {
                        depth += 1
                        index += 2
                    } else if pair(index, star, slash) {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < bytes.count
                result.append(UInt8(ascii: " "))
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    static let projectSettings: [(String, ApplePlatform)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", .iOS), ("MACOSX_DEPLOYMENT_TARGET", .macOS), ("TVOS_DEPLOYMENT_TARGET", .tvOS),
        ("WATCHOS_DEPLOYMENT_TARGET", .watchOS), ("XROS_DEPLOYMENT_TARGET", .visionOS),
    ]

    /// `IPHONEOS_DEPLOYMENT_TARGET = 17.0;` and friends; the lowest value per platform.
    public static func targets(inProject text: String) -> DeploymentTargets {
        var copy = text
        return copy.withUTF8(targets(inProjectBytes:))
    }

    /// ``targets(inProject:)`` over the project file's UTF-8 bytes.
    static func targets(inProjectBytes bytes: UnsafeBufferPointer<UInt8>) -> DeploymentTargets {
        var versions: [ApplePlatform: PlatformVersion] = [:]
        // Only the lines holding `DEPLOYMENT_TARGET` are read (found with memchr, not line by line: a large
        // project file has tens of thousands of lines).
        var lastLineStart = -1
        ByteSearch.forEach(deploymentTargetBytes, in: bytes, from: 0, to: bytes.count) { hit in
            var start = hit
            while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
            guard start != lastLineStart else { return true }
            lastLineStart = start
            var end = hit
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            for (setting, platform) in projectSettings {
                guard let range = line.range(of: setting + " = ") else { continue }
                let value = line[range.upperBound...].prefix { $0 != ";" }
                if let version = PlatformVersion(parsing: String(value)) {
                    versions[platform] = min(versions[platform] ?? version, version)
                }
            }
            return true
        }
        return DeploymentTargets(versions)
    }

    /// With its underscore: the search anchors on the needle's first byte, and a project file's object
    /// identifiers (24 hexadecimal digits each) hold a `D` every few bytes, an underscore only in setting names.
    private static let deploymentTargetBytes = Array("_DEPLOYMENT_TARGET".utf8)
}
