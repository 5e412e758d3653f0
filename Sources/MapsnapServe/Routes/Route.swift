import MapsnapKit

/// Which route a request asks for, with everything it says read and checked: the URL grammars
/// turned into the request model, tile addresses into numbers. Pure (no style is looked up, no
/// file read), so every parser a client can reach runs here, and the fuzz entry points call it.
public enum Route: Sendable {
    /// `/`: the preview page.
    case preview
    /// `/leaflet/{file}`: Leaflet for the preview page.
    case asset(String)
    case health
    case metrics
    /// `/styles`, `/styles.json`.
    case styleList
    /// `/styles/{id}.json`: TileJSON.
    case tileJSON(style: String)
    /// `/styles/{id}/wmts.xml`.
    case wmts(style: String)
    /// `/styles/{id}/{z}/{x}/{y}[@2x].png`.
    case tile(style: String, TileID, scale: Int, format: ImageEncoding.Format)
    /// `/styles/{id}/static/…`: tileserver-gl's grammar.
    case tileserverStatic(TileserverStaticURL)
    /// `/styles/v1/{user}/{style}/static/…`: the Mapbox Static Images API's grammar.
    case mapboxStatic(MapboxStaticURL)
    /// `GET /static?…`, `POST /static`: mapsnap's own (a manifest item).
    case staticImage(StaticItem.Parsed)
    /// `OPTIONS`: a CORS preflight.
    case preflight

    /// The route's name in metrics.
    public var label: String {
        switch self {
        case .preview: "preview"
        case .asset: "asset"
        case .health: "health"
        case .metrics: "metrics"
        case .styleList: "styles"
        case .tileJSON: "tilejson"
        case .wmts: "wmts"
        case .tile: "tile"
        case .tileserverStatic: "static_tileserver"
        case .mapboxStatic: "static_mapbox"
        case .staticImage: "static"
        case .preflight: "preflight"
        }
    }

    /// The route a target that did not parse was meant for (for metrics): by its shape alone.
    public static func label(forTarget target: String) -> String {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let s = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        switch (s.first, s.count) {
        case ("static", 1): return "static"
        case ("styles", _) where s.count > 2 && s.dropFirst().first == "v1": return "static_mapbox"
        case ("styles", _) where s.count > 3 && s.dropFirst(2).first == "static": return "static_tileserver"
        case ("styles", 5): return "tile"
        default: return "other"
        }
    }

    /// Methods every route answers; `POST` only `/static`.
    static let readMethods: Set<String> = ["GET", "HEAD"]

    /// Whether a request with this method and target has a body to read: `POST /static` alone.
    /// Asked when the head arrives, before any body is read; any other request that comes with
    /// a body is answered 413 without reading it.
    public static func takesBody(method: String, target: String) -> Bool {
        method == "POST" && (try? RequestTarget(parsing: target))?.segments == ["static"]
    }

    /// Reads `request` into a route, or the error to answer (400 with the parameter named, 404, 405).
    public static func match(_ request: HTTPRequest) throws(HTTPError) -> Route {
        let target = try RequestTarget(parsing: request.target)
        if request.method == "OPTIONS" { return .preflight }
        let s = target.segments
        let isPost = request.method == "POST"
        guard readMethods.contains(request.method) || (isPost && s == ["static"]) else {
            throw HTTPError(405, "\(RequestTarget.shown(request.method)) is not allowed here (GET and HEAD; POST for /static)")
        }
        switch s.first {
        case nil:
            return .preview
        case "leaflet" where s.count >= 2:
            return .asset(s.dropFirst().joined(separator: "/"))
        case "health" where s.count == 1:
            return .health
        case "metrics" where s.count == 1:
            return .metrics
        case "styles.json" where s.count == 1:
            return .styleList
        case "static" where s.count == 1:
            return .staticImage(isPost ? try StaticBody.parse(request.body) : try StaticQuery.parse(target.query))
        case "styles":
            return try styles(Array(s.dropFirst()), target)
        default:
            throw .notFound("no such page: /\(RequestTarget.shown(s.joined(separator: "/"))) (the routes are listed at /)")
        }
    }

    private static func styles(_ s: [String], _ target: RequestTarget) throws(HTTPError) -> Route {
        guard let id = s.first else { return .styleList }
        if s.count == 1 {
            if id.isEmpty { return .styleList }
            if id.hasSuffix(".json") { return .tileJSON(style: String(id.dropLast(5))) }
            throw .notFound("no such page: /styles/\(RequestTarget.shown(id)) (TileJSON is /styles/{id}.json)")
        }
        if id == "v1" {
            guard s.count >= 5, s[3] == "static" else {
                throw .notFound("no such page: the Mapbox route is /styles/v1/{user}/{style}/static/[{overlay}/]{position}/{width}x{height}[@2x]")
            }
            return .mapboxStatic(try MapboxStaticURL.parse(user: s[1], styleID: s[2], segments: Array(s.dropFirst(4)), query: target.query))
        }
        if s.count == 2 && s[1] == "wmts.xml" { return .wmts(style: id) }
        if s.count >= 2 && s[1] == "static" {
            return .tileserverStatic(try TileserverStaticURL.parse(styleID: id, segments: Array(s.dropFirst(2)), query: target.query))
        }
        if s.count == 4 {
            return try tile(id, s[1], s[2], s[3])
        }
        throw .notFound("no such page: /styles/\(RequestTarget.shown(s.joined(separator: "/"))) (tiles are /styles/{id}/{z}/{x}/{y}.png)")
    }

    /// `{z}/{x}/{y}.png` or `{y}@2x.png` (`.webp`, `.jpg`, `.jpeg`): plain decimal numbers, anything
    /// else is not a tile (404).
    private static func tile(_ id: String, _ z: String, _ x: String, _ yFile: String) throws(HTTPError) -> Route {
        var y = Substring(yFile)
        var scale = 1
        guard let dot = y.lastIndex(of: "."), let format = ImageEncoding.Format(fileName: String(y)) else {
            throw .notFound("tile: /styles/{id}/{z}/{x}/{y}.png or {y}@2x.png (or .webp, .jpg)")
        }
        y = y[..<dot]
        if y.hasSuffix("@2x") { scale = 2; y = y.dropLast(3) }
        func number<S: StringProtocol>(_ t: S) -> Int? { t.count <= 9 && !t.isEmpty && t.allSatisfy { ("0"..."9").contains($0) } ? Int(t) : nil }
        guard let zn = number(z), let xn = number(x), let yn = number(y) else {
            throw .notFound("tile \(RequestTarget.shown(z))/\(RequestTarget.shown(x))/\(RequestTarget.shown(y)): not a tile address (whole numbers z/x/y)")
        }
        return .tile(style: id, TileID(z: zn, x: xn, y: yn), scale: scale, format: format)
    }
}
