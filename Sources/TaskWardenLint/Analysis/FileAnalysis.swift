import SwiftParser
import SwiftSyntax

/// Everything known about one parsed file: its text, tree, line table, creation sites and
/// suppression comments, and the configuration that applies to it.
///
/// ```swift
/// let file = FileAnalysis(path: "Shelf.swift", source: "func f() { Task { } }")
/// file.sites.map(\.kind) // [.taskInit]
/// ```
public struct FileAnalysis: Sendable {
    /// The path as reported (relative to the working directory when possible).
    public let path: String
    public let source: String
    public let tree: SourceFileSyntax
    /// Line starts, for positions (``position(of:)-(AbsolutePosition)``).
    public let lines: SourceLineTable
    /// The creation sites in source order (look-alike `Task` types already removed).
    public internal(set) var sites: [CreationSite]
    /// Types named `Task` declared in this file.
    public let taskTypeDeclarations: [TaskTypeDeclaration]
    /// The file's type declarations, read once: what the analyses around sites look up (members, extensions).
    public let types: TypeIndex
    /// Syntax nodes read beyond the sites (``SyntaxWork``): the type index's walk, and each pass's lookups.
    public let work = SyntaxWork()
    public let suppressions: SuppressionDirectives
    public let configuration: LintConfiguration
    /// The deployment targets in effect (configured, or read from Package.swift / project.pbxproj).
    public let deploymentTargets: DeploymentTargets

    /// True when the parser had to recover from syntax errors (analysis went as far as it could).
    public var hasSyntaxErrors: Bool { tree.hasError }
    /// The tree was parsed from a masked copy (sub-file parsing): its text is not the source's, only its
    /// positions are.
    public let isMasked: Bool

    /// Parses and analyses `source`. Shadowing by a `Task` type in this same file is applied; shadowing by
    /// other files of the module is applied by ``TreeAnalysis``.
    ///
    /// `masked` is a copy of `source` for sub-file parsing (``ParsePlan/subFile(masked:blankedBytes:)``): the
    /// same UTF-8 length and lines, with bodies that cannot matter turned into spaces. The tree is parsed from
    /// it (its longer blanked runs read as comments, ``SourceMask/parsingCopy(of:source:)``); positions, lines
    /// and `source` are those of the original.
    public init(
        path: String, source: String, configuration: LintConfiguration = LintConfiguration(),
        deploymentTargets: DeploymentTargets? = nil, masked: [UInt8]? = nil
    ) {
        let tree: SourceFileSyntax
        var text = source
        if let masked {
            let copy = text.withUTF8 { SourceMask.parsingCopy(of: masked, source: $0) }
            tree = copy.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: ParsePlan.parserNestingLimit) }
        } else {
            tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: ParsePlan.parserNestingLimit) }
        }
        let lines = SourceLineTable(source)
        let targets = deploymentTargets ?? configuration.deploymentTargets ?? DeploymentTargets()
        let result = CreationSiteDiscovery.discover(in: tree, source: source, file: path, lines: lines, deploymentTargets: targets, work: work)
        let shadowing = TaskTypeShadowing(declarations: result.taskTypeDeclarations)
        self.path = path
        self.source = source
        self.tree = tree
        self.lines = lines
        self.sites = result.sites.filter { !shadowing.shadows($0) }
        self.taskTypeDeclarations = result.taskTypeDeclarations
        self.types = result.types
        self.suppressions = SuppressionDirectives(source: source)
        self.configuration = configuration
        self.deploymentTargets = targets
        self.isMasked = masked != nil
    }

    /// SwiftSyntax's converter for this file, built on each access (it walks the whole tree): prefer
    /// ``position(of:)-(AbsolutePosition)``.
    public var converter: SourceLocationConverter { SourceLocationConverter(fileName: path, tree: tree) }

    /// The position of a syntax position in this file.
    public func position(of absolute: AbsolutePosition) -> SourcePosition {
        let location = lines.location(ofUTF8Offset: absolute.utf8Offset)
        return SourcePosition(file: path, line: location.line, column: location.column, utf8Offset: absolute.utf8Offset)
    }

    /// The position of a node's first token (after its leading trivia).
    public func position(of node: some SyntaxProtocol) -> SourcePosition {
        position(of: node.positionAfterSkippingLeadingTrivia)
    }

    /// The UTF-8 length of a node's text on its first line (for end columns of findings).
    public func lineLength(of node: some SyntaxProtocol) -> Int {
        node.trimmedText.utf8.prefix { $0 != UInt8(ascii: "\n") }.count
    }

    /// Removes sites whose `Task` is a project type declared elsewhere in the module.
    mutating func apply(_ shadowing: TaskTypeShadowing) {
        sites.removeAll { shadowing.shadows($0) }
    }
}
