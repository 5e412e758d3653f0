import MapsnapRender

/// Why a snapshot was not made: the request was wrong (a field and a reason; exit code 2, HTTP
/// 400), or drawing failed (exit code 1, HTTP 500).
public enum SnapshotError: Error, Sendable, CustomStringConvertible {
    case request(RequestError)
    case render(RenderError)

    public var description: String {
        switch self {
        case .request(let e): return e.description
        case .render(let e): return e.description
        }
    }
}
