import MapsnapRender

/// Why a snapshot was not made: the request was wrong (a field and a reason; exit code 2, HTTP
/// 400), the view shows none of the data (exit code 1, HTTP 404), or drawing failed (exit code
/// 1, HTTP 500).
public enum SnapshotError: Error, Sendable, CustomStringConvertible {
    case request(RequestError)
    /// The view lies outside every region of the style's data: the map would be background only.
    /// The message names the regions (and a likely swap of latitude and longitude).
    case outsideData(String)
    case render(RenderError)

    public var description: String {
        switch self {
        case .request(let e): return e.description
        case .outsideData(let message): return message
        case .render(let e): return e.description
        }
    }
}
