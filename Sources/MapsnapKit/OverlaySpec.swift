import Foundation
import MapsnapFormats

/// Overlays written as short text, the same in the CLI (`--marker 43.7,7.4,red,Title,A`) and in
/// batch manifests: one parser, one set of messages. Errors carry only the problem; callers
/// prefix the option or the manifest field.
public enum OverlaySpec {
    /// Ground distances above this are refused (half the Earth's circumference).
    public static let maxMeters = 20_000_000.0

    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
        init(_ m: String) { message = m }
    }

    static func fields(_ text: String, min: Int, max: Int, format: String) throws(Problem) -> [String] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= min, parts.count <= max else { throw Problem("'\(text)' is not \(format)") }
        return parts
    }

    static func position(_ parts: [String]) throws(Problem) -> LatLon {
        do { return try LatLon(parsing: parts[0] + "," + parts[1]) } catch { throw Problem(error.description) }
    }

    public static func number(_ text: String) throws(Problem) -> Double {
        guard let v = Double(text.trimmingCharacters(in: .whitespaces)), !v.isNaN else { throw Problem("'\(text)' is not a number") }
        return v
    }

    /// A distance in meters, > 0 and at most 20,000 km; `what` names it in the message.
    public static func meters(_ text: String, what: String) throws(Problem) -> Double {
        try meters(try number(text), what: what)
    }

    public static func meters(_ v: Double, what: String) throws(Problem) -> Double {
        guard v > 0, v <= maxMeters else {
            throw Problem("\(what) must be greater than 0 and at most 20,000 km, got \(MessageNumber.format(v)) m")
        }
        return v
    }

    public static func color(_ text: String) throws(Problem) -> Color {
        guard let c = Color.parse(text) else { throw Problem("'\(text)' is not a colour (use #rrggbb, rgb(…), hsl(…) or a CSS name)") }
        return c
    }

    /// `LAT,LON[,COLOR[,TITLE[,GLYPH]]]`
    public static func marker(_ text: String) throws(Problem) -> Marker {
        let p = try fields(text, min: 2, max: 5, format: "LAT,LON[,COLOR[,TITLE[,GLYPH]]] (a title with commas needs --overlay)")
        var m = Marker(coordinate: try position(p))
        if p.count > 2, !p[2].isEmpty { m.color = try color(p[2]) }
        if p.count > 3, !p[3].isEmpty { m.title = p[3] }
        if p.count > 4, !p[4].isEmpty {
            guard p[4].count <= 2 else { throw Problem("glyph '\(p[4])' must be 1 or 2 characters") }
            m.glyph = p[4]
        }
        return m
    }

    /// `LAT,LON,ACCURACY_M[,HEADING]`
    public static func user(_ text: String) throws(Problem) -> UserLocation {
        let p = try fields(text, min: 3, max: 4, format: "LAT,LON,ACCURACY_M[,HEADING]")
        var u = UserLocation(coordinate: try position(p))
        u.accuracyMeters = try meters(p[2], what: "accuracy")
        if p.count > 3 {
            let h = try number(p[3])
            guard h.isFinite else { throw Problem("heading must be a number of degrees") }
            u.headingDegrees = h
        }
        return u
    }

    /// `LAT,LON,RADIUS_M[,COLOR]`
    public static func circle(_ text: String) throws(Problem) -> GeoCircle {
        let p = try fields(text, min: 3, max: 4, format: "LAT,LON,RADIUS_M[,COLOR]")
        var c = GeoCircle(center: try position(p), radiusMeters: try meters(p[2], what: "radius"))
        if p.count > 3, !p[3].isEmpty {
            let col = try color(p[3])
            c.fillColor = col
            c.strokeColor = col
        }
        return c
    }
}
