import Foundation
import MapsnapFormats
import MapsnapKit
import Synchronization

/// Answers requests: `Route.match` reads them, this looks up the style and hands the work to the
/// services (tiles, static images) or answers from memory (pages, metadata). Every answer passes
/// `finish`: CORS on map resources, 304 for a matching `If-None-Match`, a count in the metrics.
final class Router: Sendable {
    /// What exists once the server is ready (styles loaded, workers warm).
    struct Services: Sendable {
        let styles: [ServedStyle]
        let byID: [String: ServedStyle]
        let tiles: TileService
        let statics: StaticService
        let preview: Data
        let leaflet: LeafletAssets

        /// The style of a request that names none: the request model's default style
        /// (`StyleReference.defaultStyle`, as on the command line and in manifests) when it is
        /// served, else the first style served.
        var defaultStyle: ServedStyle {
            if case .named(let name) = StyleReference.defaultStyle, let style = byID[name] { return style }
            return styles[0]
        }
    }

    private let services = Mutex<Services?>(nil)
    let metrics: Metrics
    let maxAge: Int
    let cors: String?
    let publicURL: String?
    /// `host:port` the server listens on (the last resort for absolute links).
    let listening: String
    /// Gauges read for `/metrics`.
    let gauges: @Sendable () -> [(name: String, help: String, value: Double)]

    /// Routes whose answers carry the CORS header.
    static let corsRoutes: Set<String> = ["tile", "static", "static_tileserver", "static_mapbox", "tilejson", "wmts", "styles", "preflight"]

    init(metrics: Metrics, config: ServeConfig, listening: String, gauges: @escaping @Sendable () -> [(name: String, help: String, value: Double)]) {
        self.metrics = metrics
        maxAge = config.maxAge
        cors = config.cors
        publicURL = config.publicURL
        self.listening = listening
        self.gauges = gauges
    }

    /// From now on every route answers (before, all but `/health` and `/metrics` are 503).
    func ready(_ s: Services) { services.withLock { $0 = s } }
    var isReady: Bool { services.withLock { $0 != nil } }

    func handle(_ request: HTTPRequest) -> Reply {
        let label: String, reply: Reply
        do {
            let route = try Route.match(request)
            label = route.label
            reply = answer(route, request)
        } catch {
            label = Route.label(forTarget: request.target)
            reply = .now(error.response)
        }
        switch reply {
        case .now(let r):
            return .now(finish(r, request, label))
        case .later(let start):
            return .later { [self] deliver in start { r in deliver(self.finish(r, request, label)) } }
        }
    }

    func finish(_ response: HTTPResponse, _ request: HTTPRequest, _ label: String) -> HTTPResponse {
        var r = response
        if let cors, Self.corsRoutes.contains(label) { r.setHeader("Access-Control-Allow-Origin", cors) }
        if r.status == 200, let tag = r.header("ETag"), let wanted = request.header("if-none-match"), EntityTag.matches(wanted, tag) {
            let kept: Set<String> = ["etag", "cache-control", "access-control-allow-origin", "vary"]
            r = HTTPResponse(status: 304, headers: r.headers.filter { kept.contains($0.name.lowercased()) })
        }
        metrics.request(route: label, status: r.status)
        return r
    }

    private func answer(_ route: Route, _ request: HTTPRequest) -> Reply {
        switch route {
        case .health:
            return .now(isReady ? .text(200, "ok") : Self.starting())
        case .metrics:
            return .now(.fresh(Data(metrics.text(gauges: gauges()).utf8), contentType: "text/plain; version=0.0.4; charset=utf-8"))
        case .preflight:
            return .now(HTTPResponse(status: 204, headers: [
                ("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS"), ("Access-Control-Allow-Headers", "Content-Type, If-None-Match"),
                ("Access-Control-Max-Age", "86400"), ("Cache-Control", "public, max-age=86400"),
            ]))
        default:
            break
        }
        guard let s = services.withLock({ $0 }) else { return .now(Self.starting()) }
        let base = PublicBase.resolve(publicURL: publicURL, headers: request.headers, listening: listening)
        func style(_ id: String) throws(HTTPError) -> ServedStyle {
            guard let style = s.byID[id] else {
                throw .notFound("style '\(RequestTarget.shown(id))' is not served (styles: \(s.styles.map(\.id).joined(separator: ", ")))")
            }
            return style
        }
        do {
            switch route {
            case .preview:
                return .now(.cacheable(s.preview, contentType: "text/html; charset=utf-8", maxAge: 60))
            case .asset(let name):
                guard let file = s.leaflet.contents[name] else { throw HTTPError.notFound("no such file: /leaflet/\(RequestTarget.shown(name))") }
                return .now(.cacheable(file.body, contentType: file.type, maxAge: maxAge))
            case .styleList:
                return .now(Self.varying(.fresh(Data(StyleList.document(s.styles, base: base, format: s.tiles.format).prettyPrinted.utf8), contentType: "application/json")))
            case .tileJSON(let id):
                let doc = TileJSON.document(try style(id), base: base, format: s.tiles.format).prettyPrinted
                return .now(Self.varying(.cacheable(Data(doc.utf8), contentType: "application/json", maxAge: maxAge)))
            case .wmts(let id):
                let doc = WMTSCapabilities.document(try style(id), base: base, format: s.tiles.format)
                return .now(Self.varying(.cacheable(Data(doc.utf8), contentType: "application/xml; charset=utf-8", maxAge: maxAge)))
            case .tile(let id, let tile, let scale, let format):
                let st = try style(id)
                guard format == s.tiles.format else {
                    throw HTTPError.notFound("tile \(tile): this server draws \(s.tiles.format.rawValue) tiles, /styles/{id}/{z}/{x}/{y}.\(s.tiles.format.fileExtension) (mapsnap serve --format)")
                }
                guard st.serves(tile) else {
                    let why = st.zooms.contains(tile.z)
                        ? (tile.x < 1 << tile.z && tile.y < 1 << tile.z ? "outside the data (only background there)" : "outside the world at zoom \(tile.z)")
                        : "zoom \(tile.z) is outside \(st.zooms.lowerBound)-\(st.zooms.upperBound)"
                    throw HTTPError.notFound("tile \(tile) of '\(st.id)': \(why)")
                }
                return s.tiles.tile(st, tile, scale: scale)
            case .tileserverStatic(let url):
                let item = BatchItem(id: "static", line: 1, request: url.request)
                return s.statics.image(item, style: try style(url.styleID), names: url.names)
            case .mapboxStatic(let url):
                let item = BatchItem(id: "static", line: 1, request: url.request)
                return s.statics.image(item, style: try style(url.styleID), names: url.names)
            case .staticImage(let parsed):
                let st = try parsed.styleID.map { id throws(HTTPError) in try style(id) } ?? s.defaultStyle
                return s.statics.image(parsed.item, style: st, names: parsed.names)
            case .health, .metrics, .preflight:
                return .now(.text(500, "unreachable"))
            }
        } catch let e as HTTPError {
            return .now(e.response)
        } catch {
            return .now(.text(500, "\(error)"))
        }
    }

    /// Documents whose links depend on the request's host say so to caches in front.
    private static func varying(_ r: HTTPResponse) -> HTTPResponse {
        var r = r
        r.setHeader("Vary", "Host, X-Forwarded-Host, X-Forwarded-Proto")
        return r
    }

    static func starting() -> HTTPResponse {
        var r = HTTPResponse.text(503, "starting: the styles are loading")
        r.setHeader("Retry-After", "1")
        return r
    }
}
