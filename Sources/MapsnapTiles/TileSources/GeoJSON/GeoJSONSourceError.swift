import MapsnapFormats
import MapsnapGeo

/// Why a style's GeoJSON source could not be opened.
public enum GeoJSONSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A remote URL: this renderer reads local files only.
    case notLocal(url: String)
    /// The file cannot be read: `InputFile`'s problem (missing, a FIFO, too large…).
    case unreadable(InputFile.Problem)
    /// Not JSON.
    case malformedJSON(file: String, JSONSyntaxError)
    /// Not GeoJSON (the file is "inline data" for a style's inline object).
    case invalid(file: String, GeoJSONError)

    public var description: String {
        switch self {
        case .notLocal(let url): return "\(url): GeoJSON data must be inline or a local file"
        case .unreadable(let problem): return problem.description
        case .malformedJSON(let file, let error): return "\(file): \(error)"
        case .invalid(let file, let error): return "\(file): \(error)"
        }
    }
}
