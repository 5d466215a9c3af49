import Foundation

/// What to lint on disk.
public struct LintRequest: Sendable {
    /// Files and directories; empty means the working directory.
    public var paths: [String]
    /// An explicit configuration file (`--config`), used for every path instead of the upward search.
    public var configurationFile: String?
    /// The directory relative paths (given and reported) are relative to.
    public var workingDirectory: String
    /// The results cache's folder (``ResultsCache/defaultRoot(environment:)``, `--cache-path`), or nil for none.
    public var cacheDirectory: String?
    /// Walk into directories reached through symbolic links inside the tree (`--follow-symlinks`); paths
    /// named in `paths` are followed either way.
    public var followSymbolicLinks: Bool

    public init(paths: [String], configurationFile: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath,
                cacheDirectory: String? = nil, followSymbolicLinks: Bool = false) {
        self.paths = paths
        self.configurationFile = configurationFile
        self.workingDirectory = workingDirectory
        self.cacheDirectory = cacheDirectory
        self.followSymbolicLinks = followSymbolicLinks
    }
}
