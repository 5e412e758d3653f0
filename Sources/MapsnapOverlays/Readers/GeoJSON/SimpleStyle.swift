import MapsnapFormats
import MapsnapGeo

/// The simplestyle-spec 1.1 properties of one GeoJSON feature, checked: `title`, `marker-color`,
/// `marker-size`, `marker-symbol`, `stroke`, `stroke-width`, `stroke-opacity`, `fill`,
/// `fill-opacity`, plus our `radius` (meters) that turns a Point into a geodesic circle.
///
/// Absent properties (or `null`) stay nil and the overlay keeps its own default — a red marker, a
/// blue geofence — rather than simplestyle's grey, so GeoJSON overlays look like the rest. Colours
/// are simplestyle's `#rgb` / `#rrggbb`, with or without `#`, and any CSS colour besides
/// (`rgba(…)`, `red`). A `marker-symbol` of one or two characters (`A`, `12`, `店`) becomes the
/// marker's glyph; a longer one is a Maki icon name, which we do not draw, so it is ignored.
/// Other properties (`description`, …) are ignored.
struct SimpleStyle: Equatable {
    var title: String?
    var markerColor: Color?
    var markerSize: MarkerSize?
    var markerSymbol: String?
    var stroke: Color?
    var strokeWidth: Double?
    var strokeOpacity: Double?
    var fill: Color?
    var fillOpacity: Double?
    var radiusMeters: Double?

    init() {}

    /// Reads `properties` (an object or null) found at `path` in `file`.
    init(properties: JSONValue?, path: String, file: String) throws(OverlayError) {
        guard let properties, properties != .null else { return }
        guard case .object(let members) = properties else {
            throw .unexpectedValue(InputLocation(file: file, path: path), expected: "an object or null", got: properties.summary)
        }
        func at(_ name: String) -> InputLocation { InputLocation(file: file, path: "\(path).\(name)") }
        func value(_ name: String) -> JSONValue? {
            guard let v = members[name], v != .null else { return nil }
            return v
        }
        func color(_ name: String) throws(OverlayError) -> Color? {
            guard let v = value(name) else { return nil }
            guard case .string(let text) = v, let c = Self.color(text) else {
                throw .unexpectedValue(at(name), expected: "a colour like \"#e5483f\"", got: v.summary)
            }
            return c
        }
        func number(_ name: String, in range: ClosedRange<Double>, expected: String) throws(OverlayError) -> Double? {
            guard let v = value(name) else { return nil }
            guard case .number(let n) = v, range.contains(n) else {
                throw .unexpectedValue(at(name), expected: expected, got: v.summary)
            }
            return n
        }

        if let v = value("title") {
            switch v {
            case .string(let s): title = s.isEmpty ? nil : s
            case .number(let n): title = MessageNumber.format(n)
            default: throw .unexpectedValue(at("title"), expected: "a string", got: v.summary)
            }
        }
        markerColor = try color("marker-color")
        if let v = value("marker-size") {
            guard case .string(let s) = v, let size = MarkerSize(rawValue: s) else {
                throw .unexpectedValue(at("marker-size"), expected: "\"small\", \"medium\" or \"large\"", got: v.summary)
            }
            markerSize = size
        }
        if let v = value("marker-symbol") {
            let symbol: String
            switch v {
            case .string(let s): symbol = s
            case .number(let n): symbol = MessageNumber.format(n)
            default: throw .unexpectedValue(at("marker-symbol"), expected: "a string", got: v.summary)
            }
            markerSymbol = Marker.isGlyph(symbol) ? symbol : nil
        }
        stroke = try color("stroke")
        strokeWidth = try number("stroke-width", in: 0...1000, expected: "a number of points from 0 to 1000")
        strokeOpacity = try number("stroke-opacity", in: 0...1, expected: "a number from 0 to 1")
        fill = try color("fill")
        fillOpacity = try number("fill-opacity", in: 0...1, expected: "a number from 0 to 1")
        if let v = value("radius") {
            guard case .number(let meters) = v else {
                throw .unexpectedValue(at("radius"), expected: OverlayError.radiusRule, got: v.summary)
            }
            try OverlayLimits.checkRadius(meters, at: at("radius"))
            radiusMeters = meters
        }
    }

    /// `#rgb`, `#rrggbb` with or without `#` (simplestyle), or any CSS colour.
    static func color(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.hasPrefix("#"), [3, 6].contains(trimmed.count), trimmed.allSatisfy(\.isHexDigit) {
            return Color.parse("#" + trimmed)
        }
        return Color.parse(trimmed)
    }

    // MARK: applying

    func marker(at coordinate: LatLon) -> Marker {
        Marker(coordinate: coordinate, color: markerColor ?? Marker.defaultColor, title: title,
               glyph: markerSymbol, size: markerSize ?? .medium)
    }

    /// A circle keeps the geofence look; a colour given for only one of stroke and fill is used for both.
    func circle(center: LatLon, radiusMeters: Double) -> GeoCircle {
        var circle = GeoCircle(center: center, radiusMeters: radiusMeters)
        circle.fillColor = fill ?? stroke ?? circle.fillColor
        circle.strokeColor = stroke ?? fill ?? circle.strokeColor
        circle.fillOpacity = fillOpacity ?? circle.fillOpacity
        circle.strokeWidth = strokeWidth ?? circle.strokeWidth
        circle.strokeOpacity = strokeOpacity ?? circle.strokeOpacity
        return circle
    }

    /// A line starts from `base` (the caller's track style) and takes stroke, width, opacity and title.
    func track(segments: [[LatLon]], base: Track) -> Track {
        var track = base
        track.segments = segments
        track.color = stroke ?? base.color
        track.width = strokeWidth ?? base.width
        track.opacity = strokeOpacity ?? base.opacity
        track.title = title ?? base.title
        return track
    }

    /// Like a circle, a colour given for only one of stroke and fill is used for both.
    func polygon(rings: [[LatLon]]) -> PolygonOverlay {
        var polygon = PolygonOverlay(rings: rings)
        polygon.fillColor = fill ?? stroke ?? polygon.fillColor
        polygon.strokeColor = stroke ?? fill ?? polygon.strokeColor
        polygon.fillOpacity = fillOpacity ?? polygon.fillOpacity
        polygon.strokeWidth = strokeWidth ?? polygon.strokeWidth
        polygon.strokeOpacity = strokeOpacity ?? polygon.strokeOpacity
        return polygon
    }
}
