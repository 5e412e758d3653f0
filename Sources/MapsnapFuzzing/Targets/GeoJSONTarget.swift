import Foundation
import MapsnapFormats

extension FuzzTarget {
    /// GeoJSON both ways mapsnap reads it: as overlays (`--track zones.geojson`: the strict rules,
    /// simplestyle properties) and as a style's `geojson` source (MapLibre's rules, cut into tiles
    /// that must decode).
    static let geoJSON = FuzzTarget("geojson", "GeoJSON overlays (--track) and style GeoJSON sources (tiled)") { data in
        let overlays = TrackFileInput.load(data, extension: "geojson")
        let source = FuzzVerdict.of {
            try GeoJSONTiles.cut(try JSONValue.parse(data), maxZoom: 14, buffer: 128, tolerance: 0.375, generateId: false)
        }
        return overlays == .accepted ? source : overlays
    }
}
