import Foundation
import MapsnapFormats
import MapsnapKit

/// tileserver-gl's static-image URL, `/styles/{id}/static/{position}/{width}x{height}[@{n}x].png`,
/// read into the request model.
///
/// **Zoom**: tileserver-gl's static zoom is a 256-px-world zoom, the zoom of the XYZ tile grid
/// (it renders zoom z at MapLibre zoom z − 1, as it renders tile z/x/y); mapsnap takes it the same
/// way, so `…/static/{lon},{lat},15/256x256.png` centred on a tile's centre shows tile 15/x/y.
/// Zooms 0–25 (MapLibre 0–24; zoom 0 is drawn at MapLibre zoom 0, as tileserver-gl does).
///
/// - position: `{lon},{lat},{zoom}[@{bearing}[,{pitch}]]`, a box `{minx},{miny},{maxx},{maxy}`
///   (framed with `padding`), `auto` (fit the paths and markers); `raw/` before the position takes
///   EPSG:3857 meters instead of degrees.
/// - query: `path` (repeatable; `[stroke:C|width:N|fill:C|]` then `enc:POLYLINE` or
///   `lon,lat|lon,lat|…`), `marker` (repeatable; `lon,lat`: a balloon pin), `latlng=1` (the
///   coordinates of paths and markers are lat,lon), `padding` (a fraction of the image, default
///   0.1, as tileserver-gl; mapsnap pads `min(w,h) × p / (1 + 2p)` points on every side), and
///   `stroke`, `width`, `fill` (defaults for every path). Marker icons (a file or URL), `linecap`,
///   `linejoin`, `border`, `borderwidth` and `maxzoom` are refused by name.
public struct TileserverStaticURL: Sendable {
    public var styleID: String
    public var request: MapRequest
    public var names: RouteFieldNames

    /// Highest zoom of this grammar (MapLibre 24).
    public static let zoomRange = 0.0...25.0

    /// `segments`: the path after `static/`.
    public static func parse(styleID: String, segments: [String], query: [RequestTarget.QueryItem]) throws(HTTPError) -> TileserverStaticURL {
        var names = RouteFieldNames()
        names.fields = [
            "center": "center (in the path)", "zoom": "zoom (in the path)", "bearing": "bearing (in the path)",
            "pitch": "pitch (in the path)", "bounds": "bbox (in the path)", "fit": "auto (in the path)",
            "size": "size (in the path)", "scale": "scale (in the path)", "padding": "padding",
        ]
        var parts = segments
        let raw = parts.first == "raw"
        if raw { parts.removeFirst() }
        guard parts.count == 2 else {
            throw .badRequest("expected /styles/{id}/static/[raw/]{lon},{lat},{zoom}[@{bearing}[,{pitch}]]|{minx},{miny},{maxx},{maxy}|auto/{width}x{height}[@{n}x].png")
        }
        var r = MapRequest()
        try position(parts[0], raw: raw, into: &r)
        try sizeAndFormat(parts[1], into: &r, names)
        try overlays(query, into: &r, &names)
        if r.fit && !r.overlays.hasAny { throw .badRequest("auto (in the path): needs at least one path or marker to fit") }
        if r.bounds != nil || r.fit {
            // tileserver-gl pads by a fraction of the image (default 0.1): the content fits in
            // size / (1 + 2p); mapsnap pads in points on every side.
            var p = 0.1
            if let text = query.last(where: { $0.name == "padding" })?.value {
                guard let v = Double(text), v.isFinite, (0...10).contains(v) else {
                    throw .badRequest("padding: '\(RequestTarget.shown(text))' is not a fraction of the image from 0 to 10 (default 0.1)")
                }
                p = v
            }
            r.padding = Double(min(r.size.width, r.size.height)) * p / (1 + 2 * p)
        }
        do { try r.validate() } catch { throw names.refusal(error) }
        return TileserverStaticURL(styleID: styleID, request: r, names: names)
    }

    static func position(_ text: String, raw: Bool, into r: inout MapRequest) throws(HTTPError) {
        if text == "auto" { r.fit = true; return }
        var head = Substring(text), camera: Substring?
        if let at = text.firstIndex(of: "@") {
            head = text[..<at]
            camera = text[text.index(after: at)...]
        }
        let numbers = head.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 3 || (numbers.count == 4 && camera == nil), !numbers.contains(nil) else {
            throw .badRequest("position (in the path): '\(RequestTarget.shown(text))' is not {lon},{lat},{zoom}[@{bearing}[,{pitch}]], {minx},{miny},{maxx},{maxy} or auto")
        }
        func degrees(_ x: Double, _ y: Double) -> LatLon {
            guard raw else { return LatLon(y, x) }
            let R = WebMercator.earthRadiusMeters
            return LatLon(atan(sinh(y / R)) * 180 / .pi, x / R * 180 / .pi)
        }
        if numbers.count == 4 {
            let sw = degrees(numbers[0]!, numbers[1]!), ne = degrees(numbers[2]!, numbers[3]!)
            r.bounds = BoundingBox(west: sw.longitude, south: sw.latitude, east: ne.longitude, north: ne.latitude)
            return
        }
        r.center = degrees(numbers[0]!, numbers[1]!)
        let z = numbers[2]!
        guard zoomRange.contains(z) else {
            throw .badRequest("zoom (in the path): must be between 0 and 25 (tileserver-gl's 256-px zoom), got \(MessageNumber.format(z))")
        }
        r.zoom = max(0, z - 1)
        if let camera {
            let angles = camera.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard (1...2).contains(angles.count), !angles.contains(nil) else {
                throw .badRequest("position (in the path): '@\(RequestTarget.shown(camera))' is not @{bearing}[,{pitch}]")
            }
            r.bearing = angles[0]!
            if angles.count > 1 { r.pitch = angles[1]! }
        }
    }

    static func sizeAndFormat(_ text: String, into r: inout MapRequest, _ names: RouteFieldNames) throws(HTTPError) {
        guard let dot = text.lastIndex(of: ".") else { throw .badRequest("size (in the path): '\(RequestTarget.shown(text))' is not {width}x{height}[@{n}x].png") }
        let format = text[text.index(after: dot)...]
        guard let chosen = ImageEncoding.Format(fileName: "image." + format) else {
            throw .badRequest("format '\(RequestTarget.shown(format))': png, webp, jpg or jpeg")
        }
        r.encoding.format = chosen
        var dims = text[..<dot]
        if let at = dims.firstIndex(of: "@") {
            let scale = dims[dims.index(after: at)...]
            guard scale.hasSuffix("x"), let n = Int(scale.dropLast()) else {
                throw .badRequest("scale (in the path): '@\(RequestTarget.shown(scale))' is not @{n}x")
            }
            r.pixelRatio = Double(n)
            dims = dims[..<at]
        }
        do { r.size = try FieldText.size(String(dims), FieldPath("size")) } catch { throw .badRequest(names.message(error)) }
    }

    /// Options of a path, inline (`stroke:red|…`) or as query defaults.
    struct PathStyle {
        var stroke: Color?
        var width: Double?
        var fill: Color?
    }

    static let refused: [String: String] = [
        "linecap": "line caps are not supported", "linejoin": "line joins are not supported",
        "border": "path borders are not supported", "borderwidth": "path borders are not supported",
        "maxzoom": "a zoom limit for auto is not supported",
    ]

    static func overlays(_ query: [RequestTarget.QueryItem], into r: inout MapRequest, _ names: inout RouteFieldNames) throws(HTTPError) {
        var latLonOrder = false
        var defaults = PathStyle()
        for item in query {
            switch item.name {
            case "latlng":
                do { latLonOrder = try FieldText.bool(item.value, FieldPath("latlng")) } catch { throw .badRequest(error.description) }
            case "stroke", "width", "fill":
                try option(item.name, item.value, &defaults, "\(item.name)")
            case "path", "marker", "padding":
                continue
            default:
                if let why = refused[item.name] { throw .badRequest("\(RequestTarget.shown(item.name)): not supported by mapsnap (\(why))") }
                throw .badRequest("\(RequestTarget.shown(item.name)): unknown parameter (this route takes path, marker, latlng, padding, stroke, width, fill)")
            }
        }
        for (n, text) in query.filter({ $0.name == "path" }).map(\.value).enumerated() {
            let word = "path \(n + 1)"
            var style = defaults
            var points: [LatLon] = []
            // As in tileserver-gl, everything after `enc:` is the polyline (which may hold `|`).
            var rest = Substring(text)
            if let enc = text.range(of: "enc:") {
                do { points = try GooglePolyline.decode(String(text[enc.upperBound...])) } catch { throw .badRequest("\(word): \(error)") }
                rest = text[..<enc.lowerBound]
                if rest.hasSuffix("|") { rest = rest.dropLast() }
            }
            for piece in rest.split(separator: "|", omittingEmptySubsequences: false) where !(piece.isEmpty && points.count > 0) {
                if let colon = piece.firstIndex(of: ":"), piece[..<colon].allSatisfy(\.isLetter) {
                    try option(String(piece[..<colon]), String(piece[piece.index(after: colon)...]), &style, word)
                } else {
                    points.append(try coordinate(piece, latLonOrder, word))
                }
            }
            guard points.count >= 2 else { throw .badRequest("\(word): a path needs at least 2 points, got \(points.count)") }
            if let fill = style.fill {
                var ring = points
                if ring.first != ring.last { ring.append(ring[0]) }
                var area = PolygonOverlay(rings: [ring], fillColor: fill, fillOpacity: 1)
                if let stroke = style.stroke { area.strokeColor = stroke }
                if let width = style.width { area.strokeWidth = width }
                names.items[FieldPath("polygons").appending(index: r.overlays.polygons.count)] = word
                r.overlays.polygons.append(area)
            } else {
                var line = Track(segments: [points], casingColor: nil)
                if let stroke = style.stroke { line.color = stroke }
                if let width = style.width { line.width = width }
                names.items[FieldPath("tracks").appending(index: r.overlays.tracks.count)] = word
                r.overlays.tracks.append(line)
            }
        }
        for (n, text) in query.filter({ $0.name == "marker" }).map(\.value).enumerated() {
            let word = "marker \(n + 1)"
            let pieces = text.split(separator: "|", omittingEmptySubsequences: false)
            guard pieces.count == 1 else {
                throw .badRequest("\(word): marker icons are not supported (the server reads no file or URL a request names); give marker={lon},{lat} for a balloon pin")
            }
            names.items[FieldPath("markers").appending(index: r.overlays.markers.count)] = word
            r.overlays.markers.append(Marker(coordinate: try coordinate(pieces[0], latLonOrder, word)))
        }
    }

    static func option(_ name: String, _ value: String, _ style: inout PathStyle, _ word: String) throws(HTTPError) {
        switch name {
        case "stroke", "fill":
            guard let c = Color.parse(value) else { throw .badRequest("\(word): \(name) '\(RequestTarget.shown(value))' is not a colour (a CSS colour: red, #f00, rgba(…))") }
            if name == "stroke" { style.stroke = c } else { style.fill = c }
        case "width":
            guard let w = Double(value), w > 0, w <= 100 else { throw .badRequest("\(word): width '\(RequestTarget.shown(value))' is not a number of points from 0 to 100") }
            style.width = w
        default:
            if let why = refused[name] { throw .badRequest("\(word): \(name): not supported by mapsnap (\(why))") }
            throw .badRequest("\(word): unknown option '\(RequestTarget.shown(name))' (stroke, width, fill)")
        }
    }

    static func coordinate(_ text: Substring, _ latLonOrder: Bool, _ word: String) throws(HTTPError) -> LatLon {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]) else {
            throw .badRequest("\(word): '\(RequestTarget.shown(text))' is not \(latLonOrder ? "{lat},{lon}" : "{lon},{lat}")")
        }
        return latLonOrder ? LatLon(a, b) : LatLon(b, a)
    }
}
