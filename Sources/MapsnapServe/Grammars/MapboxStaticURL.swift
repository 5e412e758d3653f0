import Foundation
import MapsnapFormats
import MapsnapKit

/// The Mapbox Static Images API's URL, `/styles/v1/{user}/{style}/static/[{overlay}/]{position}/
/// {width}x{height}[@2x]`, read into the request model: an existing client works by changing only
/// the host. Zoom is the same MapLibre zoom mapsnap uses (a 512-px world at zoom 0).
///
/// - position: `{lon},{lat},{zoom}[,{bearing}[,{pitch}]]`, `[{minlon},{minlat},{maxlon},{maxlat}]`
///   (framed inside `padding`), or `auto` (fit the overlays).
/// - query: `padding` (points; one value, or four equal ones), `attribution=false`, `before_layer`
///   (the overlays go under that style layer), `logo` (accepted; mapsnap draws no logo),
///   `access_token` (accepted and ignored). `addlayer`, `setfilter`, `layer_id` and any other
///   parameter are refused by name.
public struct MapboxStaticURL: Sendable {
    public var user: String
    public var styleID: String
    public var request: MapRequest
    /// How this request's fields are named in messages (`position`, `overlay 2 (pin-s+f00)`).
    public var names: RouteFieldNames

    /// Parameters this route takes; the Mapbox-only ones mapsnap cannot honour are refused by name.
    static let refused: [String: String] = [
        "addlayer": "adding style layers is not supported",
        "setfilter": "style layer filters are not supported",
        "layer_id": "style layer filters are not supported",
    ]

    /// `segments`: the path after `static/`.
    public static func parse(user: String, styleID: String, segments: [String], query: [RequestTarget.QueryItem]) throws(HTTPError) -> MapboxStaticURL {
        var names = RouteFieldNames()
        names.fields = [
            "center": "position", "zoom": "position (zoom)", "bearing": "position (bearing)", "pitch": "position (pitch)",
            "bounds": "position (bounding box)", "fit": "position (auto)", "size": "size", "scale": "size (@2x)",
            "padding": "padding", "attribution": "attribution", "before-layer": "before_layer",
        ]
        guard segments.count == 2 || segments.count == 3 else {
            throw .badRequest("expected /styles/v1/{user}/{style}/static/[{overlay}/]{lon},{lat},{zoom}|[{bbox}]|auto/{width}x{height}[@2x] (\(segments.count) parts after static/; encode '/' inside an overlay as %2F)")
        }
        var r = MapRequest()
        if segments.count == 3 {
            for (n, (overlay, text)) in try MapboxOverlay.parseList(segments[0]).enumerated() {
                let word = "overlay \(n + 1) (\(RequestTarget.shown(text)))"
                switch overlay {
                case .pin(let m):
                    names.items[FieldPath("markers").appending(index: r.overlays.markers.count)] = word
                    r.overlays.markers.append(m)
                case .line(let t):
                    names.items[FieldPath("tracks").appending(index: r.overlays.tracks.count)] = word
                    r.overlays.tracks.append(t)
                case .area(let p):
                    names.items[FieldPath("polygons").appending(index: r.overlays.polygons.count)] = word
                    r.overlays.polygons.append(p)
                case .geojson(let json):
                    do { try FieldJSON.apply("geojson", json, to: &r, context: FieldContext()) } catch {
                        throw .badRequest("\(word): \(error.reasonText(naming: names.name))")
                    }
                }
            }
        }
        try position(segments[segments.count - 2], into: &r)
        try size(segments[segments.count - 1], into: &r, names)
        for item in query {
            switch item.name {
            case "access_token", "logo":
                continue
            case "attribution", "padding", "before_layer":
                let field = item.name == "before_layer" ? "before-layer" : item.name
                var value = item.value
                if field == "padding" { value = try padding(value) }
                do { try RequestField.named(field)!.apply(value, to: &r) } catch { throw .badRequest(names.message(error)) }
            default:
                if let why = refused[item.name] { throw .badRequest("\(RequestTarget.shown(item.name)): not supported by mapsnap (\(why))") }
                throw .badRequest("\(RequestTarget.shown(item.name)): unknown parameter (this route takes padding, attribution, before_layer, logo, access_token)")
            }
        }
        if r.fit && !r.overlays.hasAny { throw .badRequest("position: auto needs at least one overlay to fit") }
        do { try r.validate() } catch { throw names.refusal(error) }
        return MapboxStaticURL(user: user, styleID: styleID, request: r, names: names)
    }

    static func position(_ text: String, into r: inout MapRequest) throws(HTTPError) {
        if text == "auto" { r.fit = true; return }
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), text.count > 2 else { throw .badRequest("position: '\(RequestTarget.shown(text))' is not [minlon,minlat,maxlon,maxlat]") }
            let numbers = text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard numbers.count == 4, let w = numbers[0], let s = numbers[1], let e = numbers[2], let n = numbers[3] else {
                throw .badRequest("position: '\(RequestTarget.shown(text))' is not [minlon,minlat,maxlon,maxlat]")
            }
            r.bounds = BoundingBox(west: w, south: s, east: e, north: n)
            return
        }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard (3...5).contains(numbers.count), !numbers.contains(nil) else {
            throw .badRequest("position: '\(RequestTarget.shown(text))' is not {lon},{lat},{zoom}[,{bearing}[,{pitch}]], [{minlon},{minlat},{maxlon},{maxlat}] or auto")
        }
        r.center = LatLon(numbers[1]!, numbers[0]!)
        r.zoom = numbers[2]!
        if numbers.count > 3 { r.bearing = numbers[3]! }
        if numbers.count > 4 { r.pitch = numbers[4]! }
    }

    static func size(_ text: String, into r: inout MapRequest, _ names: RouteFieldNames) throws(HTTPError) {
        var dims = Substring(text)
        if dims.hasSuffix("@2x") {
            r.pixelRatio = 2
            dims = dims.dropLast(3)
        }
        do { r.size = try FieldText.size(String(dims), FieldPath("size")) } catch { throw .badRequest(names.message(error)) }
    }

    /// Mapbox's `padding` may give four sides; mapsnap pads every side alike.
    static func padding(_ text: String) throws(HTTPError) -> String {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...4).contains(parts.count), Set(parts).count == 1 else {
            throw .badRequest("padding: '\(RequestTarget.shown(text))': different paddings per side are not supported (give one number of points)")
        }
        return parts[0]
    }
}
