import MapsnapKit

/// How one route names the fields of the request it filled in, so that a 400 says what the
/// client wrote: `zoom` is `zoom (in the path)` for tileserver-gl URLs, `position` for the Mapbox
/// API, the query parameter for `GET /static`, the JSON field for `POST /static`. A request error
/// (`RequestError`, a field path and a reason) is worded through it the way `Command.usageError`
/// words it as a flag on the command line.
public struct RouteFieldNames: Sendable {
    /// Field name (the path's root) → the route's word for it.
    var fields: [String: String] = [:]
    /// One repeated value (`markers[2]`) → the route's word for where it came from (`overlay 3 (pin-s+f00)`).
    var items: [FieldPath: String] = [:]
    /// Names a path that has no word of its own: as given (the JSON form), or by its root alone.
    var keepsPaths = false

    public init() {}

    /// The request's own field names with their paths (`markers[1].lat`): the JSON body's words.
    public static let asFields: RouteFieldNames = { var n = RouteFieldNames(); n.keepsPaths = true; return n }()

    public func name(_ path: FieldPath) -> String {
        if path.index != nil, let item = items[FieldPath(path.root).appending(index: path.index!)] { return item }
        if let word = fields[path.root] { return word }
        return keepsPaths ? path.description : path.root
    }

    /// `<parameter>: <reason>` in this route's words.
    public func message(_ error: RequestError) -> String { error.message(naming: name) }

    /// The answer to a request the model refused: 413 when it asks for more than a limit allows
    /// (an image too large for its format), else 400; worded in this route's words.
    public func refusal(_ error: RequestError) -> HTTPError {
        HTTPError(error.exceedsLimit ? 413 : 400, message(error))
    }
}
