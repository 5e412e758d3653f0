import MapsnapFormats
import MapsnapKit

/// `/styles/{id}.json`: TileJSON 3.0.0 describing a style's raster tiles (Leaflet plug-ins,
/// MapLibre raster sources and QGIS read it).
enum TileJSON {
    static func document(_ style: ServedStyle, base: String, format: ImageEncoding.Format = .png) -> JSONValue {
        let b = style.bounds
        var members: [(key: String, value: JSONValue)] = [
            ("tilejson", .string("3.0.0")),
            ("name", .string(style.name)),
            ("tiles", .array([.string("\(base)/styles/\(style.id)/{z}/{x}/{y}.\(format.fileExtension)")])),
            ("minzoom", .number(Double(style.zooms.lowerBound))),
            ("maxzoom", .number(Double(style.zooms.upperBound))),
            ("bounds", .array([b.west, b.south, b.east, b.north].map { .number($0) })),
            ("center", .array([.number(style.center.longitude), .number(style.center.latitude), .number(style.centerZoom)])),
            ("scheme", .string("xyz")),
            ("tileSize", .number(256)),
            ("format", .string(format.fileExtension)),
        ]
        if let a = style.attribution { members.append(("attribution", .string(a))) }
        return .object(JSONObject(members))
    }
}
