import SwiftParser
import SwiftSyntax

/// Everything known about one parsed file: its text, tree, location converter, creation sites and
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
    public let converter: SourceLocationConverter
    /// The creation sites in source order (look-alike `Task` types already removed).
    public internal(set) var sites: [CreationSite]
    /// Types named `Task` declared in this file.
    public let taskTypeDeclarations: [TaskTypeDeclaration]
    public let suppressions: SuppressionDirectives
    public let configuration: LintConfiguration
    /// The deployment targets in effect (configured, or read from Package.swift / project.pbxproj).
    public let deploymentTargets: DeploymentTargets

    /// True when the parser had to recover from syntax errors (analysis went as far as it could).
    public var hasSyntaxErrors: Bool { tree.hasError }

    /// Parses and analyses `source`. Shadowing by a `Task` type in this same file is applied; shadowing by
    /// other files of the module is applied by ``TreeAnalysis``.
    public init(
        path: String, source: String, configuration: LintConfiguration = LintConfiguration(),
        deploymentTargets: DeploymentTargets? = nil
    ) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let targets = deploymentTargets ?? configuration.deploymentTargets ?? DeploymentTargets()
        let result = CreationSiteDiscovery.discover(in: tree, file: path, converter: converter, deploymentTargets: targets)
        let shadowing = TaskTypeShadowing(declarations: result.taskTypeDeclarations)
        self.path = path
        self.source = source
        self.tree = tree
        self.converter = converter
        self.sites = result.sites.filter { !shadowing.shadows($0) }
        self.taskTypeDeclarations = result.taskTypeDeclarations
        self.suppressions = SuppressionDirectives(source: source)
        self.configuration = configuration
        self.deploymentTargets = targets
    }

    /// The position of a syntax position in this file.
    public func position(of absolute: AbsolutePosition) -> SourcePosition {
        let location = converter.location(for: absolute)
        return SourcePosition(file: path, line: location.line, column: location.column, utf8Offset: absolute.utf8Offset)
    }

    /// The position of a node's first token (after its leading trivia).
    public func position(of node: some SyntaxProtocol) -> SourcePosition {
        position(of: node.positionAfterSkippingLeadingTrivia)
    }

    /// Removes sites whose `Task` is a project type declared elsewhere in the module.
    mutating func apply(_ shadowing: TaskTypeShadowing) {
        sites.removeAll { shadowing.shadows($0) }
    }
}
