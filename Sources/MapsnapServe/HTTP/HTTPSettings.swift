import MapsnapFormats

/// The HTTP layer's settings (`--http-model`, `--http-threads`, `--connections`, the timeouts and
/// body limits); defaults and ranges in `InputLimits`.
public struct HTTPSettings: Sendable {
    public enum Model: String, Sendable, CaseIterable {
        case suspend
        case threadPerConnection = "thread-per-connection"
    }
    public var model: Model = .suspend
    public var threads = 2
    public var connectionLimit = InputLimits.defaultHTTPConnections
    /// Connections one client (IP address) may hold; nil: `InputLimits.defaultConnectionsPerClient`.
    public var connectionsPerClient: Int?
    public var idleSeconds = InputLimits.defaultConnectionIdleSeconds
    public var headerSeconds = InputLimits.defaultHeaderTimeoutSeconds
    public var maxBodyBytes = InputLimits.defaultRequestBodyBytes
    /// Bytes of request bodies held at once, across connections.
    public var bodyMemoryBytes = InputLimits.defaultRequestBodyMemoryBytes
    public var maxTargetBytes = InputLimits.defaultRequestTargetBytes

    public init() {}

    /// The per-client cap in force.
    public var perClientLimit: Int { connectionsPerClient ?? InputLimits.defaultConnectionsPerClient(connections: connectionLimit) }
}
