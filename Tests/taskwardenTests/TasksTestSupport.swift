import FixtureSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `taskwarden` (as another user when `user` is given, with `environment` instead of this process's
/// when given) and captures its status and output.
func runTaskwarden(
    _ arguments: [String], user: UInt32? = nil, environment: [String: String]? = nil
) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.environment = environment
    if let user {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", builtProduct("taskwarden")] + arguments
    } else {
        process.executableURL = URL(fileURLWithPath: builtProduct("taskwarden"))
        process.arguments = arguments
    }
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}

/// Whether this test process can start processes as another user (root with setpriv).
let canSwitchUsers = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
