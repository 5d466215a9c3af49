/// A request for the system to launch a registered background task no earlier than a given instant.
///
/// The earliest begin date is a floor, not a promise: the system adds its own discretionary delay and may not
/// run the request at all. Submitting a request whose identifier already has an unexecuted request replaces it.
///
/// ```swift
/// try engine.submit(.appRefresh("com.recordshelf.price-check", earliestBegin: clock.now.advanced(by: .seconds(4 * 3600))))
/// ```
public struct BackgroundTaskRequest<Instant: InstantProtocol & Sendable>: Sendable {
    /// The identifier the handler was registered under.
    public var identifier: String
    /// App refresh or processing.
    public var kind: BackgroundTaskKind
    /// The run starts no earlier than this; `nil` means "as soon as the system likes".
    public var earliestBeginDate: Instant?
    /// Processing only: run only while the device has network access.
    public var requiresNetworkConnectivity: Bool
    /// Processing only: run only while the device is charging.
    public var requiresExternalPower: Bool

    public init(
        identifier: String,
        kind: BackgroundTaskKind,
        earliestBeginDate: Instant?,
        requiresNetworkConnectivity: Bool = false,
        requiresExternalPower: Bool = false
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.requiresExternalPower = requiresExternalPower
    }

    /// An app refresh request (`BGAppRefreshTaskRequest`).
    public static func appRefresh(_ identifier: String, earliestBegin: Instant? = nil) -> Self {
        Self(identifier: identifier, kind: .appRefresh, earliestBeginDate: earliestBegin)
    }

    /// A processing request (`BGProcessingTaskRequest`).
    public static func processing(
        _ identifier: String,
        earliestBegin: Instant? = nil,
        requiresNetworkConnectivity: Bool = false,
        requiresExternalPower: Bool = false
    ) -> Self {
        Self(
            identifier: identifier, kind: .processing, earliestBeginDate: earliestBegin,
            requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower)
    }
}

/// A request the engine holds, unexecuted, together with when and in which order it was submitted.
///
/// Backends (the simulator, the Apple adapter) use ``sequence`` to notice that a request was replaced.
public struct PendingBackgroundTaskRequest<Instant: InstantProtocol & Sendable>: Sendable {
    public var request: BackgroundTaskRequest<Instant>
    /// When the request was submitted, on the engine's clock.
    public var submittedAt: Instant
    /// Increases with every accepted submission; a replaced request gets a new number.
    public var sequence: UInt64
}
