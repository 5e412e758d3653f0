import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays

/// The JSON forms of request fields, as a batch manifest item (and the server's POST body) gives
/// them: every field's text form as a JSON string, numbers and booleans as themselves, lists as
/// arrays, and objects for markers (`{"lat", "lon", "color", "title", "glyph", "icon", "anchor",
/// "scale"}`), the user (`{"lat", "lon", "accuracy", "heading", "reduced"}`), circles
/// (`{"lat", "lon", "radius", "color"}`), `center` (`[lat, lon]` or `{"lat", "lon"}`), `size`
/// (`[w, h]`), `sources` (`{"NAME": "PATH"}`) and inline `geojson`. Errors carry the JSON path.
public enum FieldJSON {
    /// Keys that are read here rather than through `RequestField` (their JSON forms).
    static let objectFields: Set<String> = ["geojson", "sources"]

    /// Sets the field `key` from `value`; unknown keys are an error naming them.
    public static func apply(_ key: String, _ value: JSONValue, to r: inout MapRequest, context: FieldContext) throws(RequestError) {
        let path = FieldPath(key)
        switch key {
        case "center":
            r.center = try position(value, path)
        case "size":
            if case .array(let a) = value {
                guard a.count == 2, let w = a[0].integerValue, let h = a[1].integerValue else {
                    throw RequestError(path, "\(value.summary) is not [width, height]")
                }
                r.size = ImageSize(width: w, height: h)
            } else {
                try text(key, value, &r, context)
            }
        case "markers", "circles", "tracks", "overlays", "tiles", "marker-icons":
            for (i, item) in list(value).enumerated() {
                let itemPath = FieldPath(key == "marker-icons" ? "markers" : key).appending(index: i)
                if case .object(let o) = item, key == "markers" || key == "marker-icons" {
                    r.overlays.markers.append(try marker(o, FieldPath("markers").appending(index: r.overlays.markers.count), context))
                } else if case .object(let o) = item, key == "circles" {
                    r.overlays.circles.append(try circle(o, FieldPath("circles").appending(index: r.overlays.circles.count)))
                } else {
                    guard let t = scalarText(item) else { throw RequestError(itemPath, "expected a string, got \(item.summary)") }
                    try RequestField.named(key)!.apply(t, to: &r, context: context)
                }
            }
        case "user":
            if case .array(let a) = value {
                // [lat, lon, accuracy, heading?]
                let parts = a.compactMap(scalarText)
                guard parts.count == a.count else { throw RequestError(path, "expected [lat, lon, accuracy_m, heading], got \(value.summary)") }
                try RequestField.named(key)!.apply(parts.joined(separator: ","), to: &r, context: context)
            } else if case .object(let o) = value {
                var u = UserLocation(coordinate: try position(value, path))
                if let a = o["accuracy"] { u.accuracyMeters = try number(a, path.appending("accuracy")) }
                if let h = o["heading"] { u.headingDegrees = try number(h, path.appending("heading")) }
                if let reduced = o["reduced"] { u.reducedAccuracy = try bool(reduced, path.appending("reduced")) }
                try known(o, ["lat", "lon", "accuracy", "heading", "reduced"], path)
                r.overlays.userLocation = u
            } else {
                try text(key, value, &r, context)
            }
        case "sources":
            guard case .object(let o) = value else { throw RequestError(path, "expected an object of source names and paths, got \(value.summary)") }
            for (name, p) in o {
                guard case .string(let s) = p else { throw RequestError(path.appending(name), "expected a path, got \(p.summary)") }
                r.style.sources[name] = context.resolve(s)
            }
        case "geojson":
            var geo = value
            if case .string(let s) = value {
                do { geo = try JSONValue.parse(s) } catch { throw RequestError(path, "not valid JSON: \(error)") }
            }
            do { r.overlays.geoJSON += try GeoJSONOverlayReader.read(geo, fileName: "geojson") } catch {
                throw RequestError(path, error.description)
            }
        default:
            guard RequestField.named(key) != nil else { throw RequestError(path, "unknown field (see the manifest fields in docs/batch.md)") }
            try text(key, value, &r, context)
        }
    }

    /// A list field: an array, or one value (a CSV cell or a JSON string separates several with `;`).
    static func list(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .array(let a): return a
        case .string(let s): return s.split(separator: ";").map { .string($0.trimmingCharacters(in: .whitespaces)) }
        default: return [value]
        }
    }

    /// Any scalar as the field's text form.
    static func text(_ key: String, _ value: JSONValue, _ r: inout MapRequest, _ context: FieldContext) throws(RequestError) {
        guard let t = scalarText(value) else { throw RequestError(key, "expected a string, number or boolean, got \(value.summary)") }
        try RequestField.named(key)!.apply(t, to: &r, context: context)
    }

    static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    static func number(_ v: JSONValue, _ path: FieldPath) throws(RequestError) -> Double {
        if case .number(let n) = v { return n }
        if case .string(let s) = v { return try FieldText.number(s, path) }
        throw RequestError(path, "expected a number, got \(v.summary)")
    }

    static func bool(_ v: JSONValue, _ path: FieldPath) throws(RequestError) -> Bool {
        if case .bool(let b) = v { return b }
        if case .string(let s) = v { return try FieldText.bool(s, path) }
        throw RequestError(path, "expected true or false, got \(v.summary)")
    }

    /// `[lat, lon]`, `{"lat": …, "lon": …}` or `"lat,lon"`: latitude first.
    static func position(_ v: JSONValue, _ path: FieldPath) throws(RequestError) -> LatLon {
        switch v {
        case .string(let s): return try FieldText.latLon(s, path)
        case .array(let a):
            guard a.count == 2 else { throw RequestError(path, "\(v.summary) is not [lat, lon]") }
            return try checked(number(a[0], path.appending(index: 0)), number(a[1], path.appending(index: 1)), path)
        case .object(let o):
            guard let lat = o["lat"] else { throw RequestError(path.appending("lat"), "is required") }
            guard let lon = o["lon"] else { throw RequestError(path.appending("lon"), "is required") }
            let la = try number(lat, path.appending("lat")), lo = try number(lon, path.appending("lon"))
            do { return try LatLon(validatingLatitude: la, longitude: lo) } catch {
                if case .longitudeOutOfRange = error { throw RequestError(path.appending("lon"), error.description) }
                throw RequestError(path.appending("lat"), error.description)
            }
        default:
            throw RequestError(path, "expected [lat, lon], got \(v.summary)")
        }
    }

    static func checked(_ lat: Double, _ lon: Double, _ path: FieldPath) throws(RequestError) -> LatLon {
        do { return try LatLon(validatingLatitude: lat, longitude: lon) } catch { throw RequestError(path, error.description) }
    }

    static func known(_ o: JSONObject, _ keys: Set<String>, _ path: FieldPath) throws(RequestError) {
        for key in o.keys where !keys.contains(key) {
            throw RequestError(path.appending(key), "unknown field (expected \(keys.sorted().joined(separator: ", ")))")
        }
    }

    static func marker(_ o: JSONObject, _ path: FieldPath, _ context: FieldContext) throws(RequestError) -> Marker {
        try known(o, ["lat", "lon", "color", "title", "glyph", "size", "icon", "anchor", "scale"], path)
        var m = Marker(coordinate: try position(.object(o), path))
        if let c = o["color"] { m.color = try FieldText.color(try string(c, path.appending("color")), path.appending("color")) }
        if let t = o["title"] { m.title = try string(t, path.appending("title")) }
        if let g = o["glyph"] { m.glyph = try FieldText.glyph(try string(g, path.appending("glyph")), path.appending("glyph")) }
        if let s = o["size"] { m.size = try FieldText.choice(try string(s, path.appending("size")), path.appending("size")) }
        if let icon = o["icon"] {
            var i = MarkerIcon(path: context.resolve(try string(icon, path.appending("icon"))))
            if let a = o["anchor"] { i.anchor = try FieldText.choice(try string(a, path.appending("anchor")), path.appending("anchor")) }
            if let s = o["scale"] { i.scale = try number(s, path.appending("scale")) }
            m.icon = i
        }
        try MapRequest.checkIconScale(m, path)
        return m
    }

    static func circle(_ o: JSONObject, _ path: FieldPath) throws(RequestError) -> GeoCircle {
        try known(o, ["lat", "lon", "radius", "color"], path)
        guard let radius = o["radius"] else { throw RequestError(path.appending("radius"), "is required") }
        let meters = try number(radius, path.appending("radius"))
        try MapRequest.checkMeters(meters, path.appending("radius"), what: "radius")
        var c = GeoCircle(center: try position(.object(o), path), radiusMeters: meters)
        if let col = o["color"] {
            let color = try FieldText.color(try string(col, path.appending("color")), path.appending("color"))
            c.fillColor = color
            c.strokeColor = color
        }
        return c
    }

    static func string(_ v: JSONValue, _ path: FieldPath) throws(RequestError) -> String {
        if case .string(let s) = v { return s }
        if let t = scalarText(v) { return t }
        throw RequestError(path, "expected a string, got \(v.summary)")
    }
}

extension MapRequest {
    /// A request from the JSON form of its fields (a manifest item without `id`, `title`,
    /// `caption` and `address`; the server's POST body), over `defaults`; relative paths are
    /// relative to `folder`. Validated.
    public init(fields: JSONObject, defaults: MapRequest = MapRequest(), relativeTo folder: String? = nil) throws(RequestError) {
        var r = defaults
        let context = FieldContext(folder: folder)
        for (key, value) in fields {
            switch key {
            case "lat", "lon":
                guard let lat = fields["lat"], let lon = fields["lon"] else { throw RequestError(key == "lat" ? "lon" : "lat", "is required with \(key)") }
                if key == "lat" { r.center = try FieldJSON.position(.object(JSONObject([("lat", lat), ("lon", lon)])), FieldPath("center")) }
            default:
                try FieldJSON.apply(key, value, to: &r, context: context)
            }
        }
        try r.validate()
        self = r
    }
}
