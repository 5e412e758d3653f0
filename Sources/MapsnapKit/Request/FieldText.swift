import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays

/// The text forms of request values, the same in every front end: the CLI's `--marker
/// 43.7,7.4,red,Title,A`, a CSV manifest cell, an HTTP query parameter. One parser per form,
/// one set of messages; each error names the field it was reading.
public enum FieldText {
    public static func number(_ text: String, _ field: FieldPath) throws(RequestError) -> Double {
        guard let v = Double(text.trimmingCharacters(in: .whitespaces)), !v.isNaN else {
            throw RequestError(field, "'\(text)' is not a number")
        }
        return v
    }

    /// `true`/`false` (also `yes`/`no`, `1`/`0`, `on`/`off`).
    public static func bool(_ text: String, _ field: FieldPath) throws(RequestError) -> Bool {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "1", "on": return true
        case "false", "no", "0", "off": return false
        default: throw RequestError(field, "'\(text)' is not true or false")
        }
    }

    /// A switch that may also be one of some words: `true`/`false` (as `bool` reads them, and JSON
    /// booleans in manifests) stand for `on` and `off`; `aliases` are other names of the words.
    static func switchWord(_ text: String, _ field: FieldPath, words: [String], on: String?, off: String?,
                           aliases: [String: String] = [:]) throws(RequestError) -> String? {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if words.contains(word) { return word }
        if let alias = aliases[word] { return alias }
        switch word {
        case "true", "yes", "1", "on": if let on { return on }
        case "false", "no", "0", "off": return off
        default: break
        }
        throw RequestError(field, "'\(text)' is not one of \((words + ["true", "false"]).joined(separator: ", "))")
    }

    /// One of a fixed set of words.
    public static func choice<T: RawRepresentable & CaseIterable>(_ text: String, _ field: FieldPath) throws(RequestError) -> T
    where T.RawValue == String {
        guard let v = T(rawValue: text.lowercased()) else {
            throw RequestError(field, "'\(text)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }

    /// `LAT,LON`, latitude first.
    public static func latLon(_ text: String, _ field: FieldPath) throws(RequestError) -> LatLon {
        do { return try LatLon(parsing: text) } catch { throw RequestError(field, error.description) }
    }

    /// `WIDTHxHEIGHT` in points.
    public static func size(_ text: String, _ field: FieldPath) throws(RequestError) -> ImageSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw RequestError(field, "'\(text)' is not WIDTHxHEIGHT (e.g. 1024x768)")
        }
        return ImageSize(width: w, height: h)
    }

    /// `W,S,E,N` in degrees.
    public static func bounds(_ text: String, _ field: FieldPath) throws(RequestError) -> BoundingBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else { throw RequestError(field, "'\(text)' is not W,S,E,N (west,south,east,north in degrees)") }
        var v: [Double] = []
        for p in parts { v.append(try number(p, field)) }
        return BoundingBox(west: v[0], south: v[1], east: v[2], north: v[3])
    }

    public static func color(_ text: String, _ field: FieldPath) throws(RequestError) -> Color {
        guard let c = Color.parse(text) else {
            throw RequestError(field, "'\(text)' is not a colour (use #rrggbb, rgb(…), hsl(…) or a CSS name)")
        }
        return c
    }

    /// A distance in meters (an accuracy, a radius): > 0 and at most 20,000 km.
    public static func meters(_ text: String, _ field: FieldPath, what: String) throws(RequestError) -> Double {
        let v = try number(text, field)
        try MapRequest.checkMeters(v, field, what: what)
        return v
    }

    static func fields(_ text: String, _ field: FieldPath, count: ClosedRange<Int>, format: String,
                       hint: [RequestError.Segment] = []) throws(RequestError) -> [String] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard count.contains(parts.count) else { throw RequestError(field, segments: [.text("'\(text)' is not \(format)")] + hint) }
        return parts
    }

    /// `LAT,LON[,COLOR[,TITLE[,GLYPH]]]`: a balloon pin.
    public static func marker(_ text: String, _ field: FieldPath) throws(RequestError) -> Marker {
        let p = try fields(text, field, count: 2...5, format: "LAT,LON[,COLOR[,TITLE[,GLYPH]]]",
                           hint: [.text(" (a title with commas needs "), .field(FieldPath("overlays")), .text(")")])
        var m = Marker(coordinate: try latLon(p[0] + "," + p[1], field))
        if p.count > 2, !p[2].isEmpty { m.color = try color(p[2], field) }
        if p.count > 3, !p[3].isEmpty { m.title = p[3] }
        if p.count > 4, !p[4].isEmpty { m.glyph = try glyph(p[4], field) }
        return m
    }

    static func glyph(_ text: String, _ field: FieldPath) throws(RequestError) -> String {
        guard Marker.isGlyph(text) else { throw RequestError(field, "glyph '\(text)' must be 1 or 2 characters") }
        return text
    }

    /// `LAT,LON,PATH[,ANCHOR[,SCALE]]`: a marker drawn from a local PNG image.
    public static func markerIcon(_ text: String, _ field: FieldPath) throws(RequestError) -> Marker {
        let p = try fields(text, field, count: 3...5, format: "LAT,LON,PATH.png[,ANCHOR[,SCALE]]")
        var icon = MarkerIcon(path: p[2])
        if p.count > 3, !p[3].isEmpty { icon.anchor = try choice(p[3], field) }
        if p.count > 4, !p[4].isEmpty { icon.scale = try number(p[4], field) }
        var m = Marker(coordinate: try latLon(p[0] + "," + p[1], field))
        m.icon = icon
        return m
    }

    /// `LAT,LON,ACCURACY_M[,HEADING]`: the user's location.
    public static func user(_ text: String, _ field: FieldPath) throws(RequestError) -> UserLocation {
        let p = try fields(text, field, count: 3...4, format: "LAT,LON,ACCURACY_M[,HEADING]")
        var u = UserLocation(coordinate: try latLon(p[0] + "," + p[1], field))
        u.accuracyMeters = try meters(p[2], field, what: "accuracy")
        if p.count > 3 {
            let h = try number(p[3], field)
            guard h.isFinite else { throw RequestError(field, "heading must be a number of degrees") }
            u.headingDegrees = h
        }
        return u
    }

    /// `LAT,LON,RADIUS_M[,COLOR]`: a geodesic circle.
    public static func circle(_ text: String, _ field: FieldPath) throws(RequestError) -> GeoCircle {
        let p = try fields(text, field, count: 3...4, format: "LAT,LON,RADIUS_M[,COLOR]")
        var c = GeoCircle(center: try latLon(p[0] + "," + p[1], field), radiusMeters: try meters(p[2], field, what: "radius"))
        if p.count > 3, !p[3].isEmpty {
            let col = try color(p[3], field)
            c.fillColor = col
            c.strokeColor = col
        }
        return c
    }

    /// `NAME=PATH`: a local archive for one style source.
    public static func source(_ text: String, _ field: FieldPath) throws(RequestError) -> (name: String, path: String) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex, text.index(after: eq) != text.endIndex else {
            throw RequestError(field, "'\(text)' is not NAME=PATH.mbtiles")
        }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }
}
