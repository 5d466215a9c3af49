/// Where accepted requests go: the operating system's scheduler (see the Apple adapter) or nothing, when a
/// simulator reads ``BackgroundTaskEngine/pendingRequests`` itself.
///
/// The engine validates a request (permitted, registered, kind, pending limits) before it calls ``submit(_:)``;
/// if the backend throws, the engine forgets the request and rethrows.
public protocol BackgroundTaskBackend<Instant>: Sendable {
    associatedtype Instant: InstantProtocol & Sendable
    /// Hands an accepted request to the system.
    func submit(_ request: BackgroundTaskRequest<Instant>) throws
    /// Withdraws an unexecuted request.
    func cancel(identifier: String)
}
