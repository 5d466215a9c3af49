import SwiftParser
import SwiftSyntax

/// What marks a folder as a program of its own when no manifest places its files (``ProgramScope``, rule 3):
/// more than a file name says.
///
/// A Swift file marks its folder when its name is `main.swift`, `AppDelegate.swift` or `…App.swift`, or when it
/// declares a type with `@main` (`@UIApplicationMain`, `@NSApplicationMain`) or a class adopting
/// `UIApplicationDelegate`, `NSApplicationDelegate`, `WKApplicationDelegate` or `WKExtensionDelegate` (an agent
/// app's `FooVPNAppDelegate.swift`). An extension's `Info.plist` (one with an `NSExtension` entry) marks its
/// folder too. An extension adding a delegate conformance to a type declared elsewhere marks nothing: shared
/// code does that.
///
/// ```swift
/// ProgramEntryPoint.declaresEntryPoint(Array("@main final class AgentAppDelegate: NSObject, NSApplicationDelegate {}".utf8))  // true
/// ProgramEntryPoint.isExtensionPropertyList("<key>NSExtension</key><dict>…</dict>")                                       // true
/// ```
public enum ProgramEntryPoint {
    /// Application delegate protocols: a class adopting one is an app's delegate.
    static let delegateProtocols: Set<String> = [
        "UIApplicationDelegate", "NSApplicationDelegate", "WKApplicationDelegate", "WKExtensionDelegate",
    ]
    /// Attributes that make a type the program's entry point.
    static let entryAttributes: Set<String> = ["main", "UIApplicationMain", "NSApplicationMain"]

    /// File names that mark a folder as an app of its own.
    public static func isEntryPointName(_ fileName: String) -> Bool {
        fileName == "AppDelegate.swift" || fileName == "main.swift" || fileName.hasSuffix("App.swift")
    }

    /// Byte sequences without which a file declares no entry point: only files holding one are parsed.
    private static let candidates: [[UInt8]] = ["@main", "@UIApplicationMain", "@NSApplicationMain", "ApplicationDelegate", "WKExtensionDelegate"]
        .map { Array($0.utf8) }

    /// Whether the Swift source `bytes` declares an entry-point type or an application delegate class, at file
    /// level or inside `#if`. A byte scan first; only the few files it lets through are parsed.
    public static func declaresEntryPoint(_ bytes: [UInt8]) -> Bool {
        let mayDeclare = bytes.withUnsafeBufferPointer { CreationTokenScanner.containsAny(candidates, in: $0) }
        guard mayDeclare else { return false }
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: ParsePlan.parserNestingLimit) }
        return declaresEntryPoint(in: tree.statements.map { Syntax($0.item) })
    }

    private static func declaresEntryPoint(in items: [Syntax]) -> Bool {
        for item in items {
            if let clauses = item.as(IfConfigDeclSyntax.self)?.clauses {
                for clause in clauses {
                    switch clause.elements {
                    case .statements(let statements)?:
                        if declaresEntryPoint(in: statements.map { Syntax($0.item) }) { return true }
                    case .decls(let members)?:
                        if declaresEntryPoint(in: members.map { Syntax($0.decl) }) { return true }
                    default:
                        continue
                    }
                }
                continue
            }
            guard let group = item.asProtocol((any DeclGroupSyntax).self), !item.is(ExtensionDeclSyntax.self),
                  !item.is(ProtocolDeclSyntax.self) else { continue }
            let attributes = group.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
            if attributes.contains(where: entryAttributes.contains) { return true }
            if item.is(ClassDeclSyntax.self),
               group.inheritanceClause?.inheritedTypes.contains(where: { delegateProtocols.contains(lastComponent($0.type.trimmedDescription)) }) == true {
                return true
            }
        }
        return false
    }

    /// `UIKit.UIApplicationDelegate` → `UIApplicationDelegate`.
    private static func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// Whether a property list (XML, or the key strings of a binary one) describes an app extension.
    public static func isExtensionPropertyList(_ contents: String) -> Bool {
        contents.contains("NSExtension")
    }
}
