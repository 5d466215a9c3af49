/// Why a process's tasks could not be read: one line saying what was found and what would fix it.
///
/// ```swift
/// do { _ = try ProcessInspector(pid: 4242) } catch { print("taskwarden tasks: \(error)") }
/// // taskwarden tasks: process 4242 belongs to uid 1001 (deploy), not to uid 1000 that taskwarden runs as: …
/// ```
public struct InspectionError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The kind of refusal, for callers that react to it (tests, `top` falling back to the census).
    public enum Reason: String, Sendable, Equatable {
        case noSuchProcess
        case otherUser
        case notDumpable
        case ptraceScope
        case readBlocked
        case unreadable
        case notSwift
        case noConcurrencyRuntime
        case runtimeSymbolsMissing
        case unknownRuntime
        case tooMuchMemory
        case unsupportedPlatform
        case processChanged
        case badArgument
    }

    public let reason: Reason
    /// One line, no trailing period: what was found, why it stops, and the fix.
    public let message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
