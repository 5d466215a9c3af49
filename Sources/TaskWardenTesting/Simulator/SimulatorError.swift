/// Why the simulator refused a test's request.
public enum SimulatorError: Error, Equatable, CustomStringConvertible {
    /// ``BackgroundSimulator/makeDue(_:)`` was asked for an identifier with no pending request.
    case nothingPending(identifier: String)

    public var description: String {
        switch self {
        case .nothingPending(let identifier): return "no request for '\(identifier)' is pending"
        }
    }
}
