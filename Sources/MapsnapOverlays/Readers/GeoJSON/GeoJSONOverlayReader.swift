import Foundation
import MapsnapFormats
import MapsnapGeo

/// Reads overlays from GeoJSON (RFC 7946): a FeatureCollection, a single Feature or a bare geometry,
/// read by the one `GeoJSONReader` with its strict rules and styled by each feature's
/// simplestyle-spec properties (see `SimpleStyle`).
///
/// | geometry | overlays |
/// |---|---|
/// | Point | a marker, or a geodesic circle when the feature has a numeric `radius` (meters) |
/// | MultiPoint | one marker (or circle) per point |
/// | LineString, MultiLineString | one track (a MultiLineString's lines are its segments) |
/// | Polygon | one polygon, holes kept |
/// | MultiPolygon | one polygon per member |
/// | GeometryCollection | each member, with the feature's style |
///
/// Features with a `null` geometry and geometries with empty coordinates are skipped (RFC 7946
/// §3.1, §3.2). Errors name the JSON path, e.g. `zones.geojson: features[3].geometry.coordinates[12]:
/// latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])`, or the line and column of
/// a syntax error.
public enum GeoJSONOverlayReader {
    /// - Parameter trackStyle: what lines look like before their own `stroke`, `stroke-width`,
    ///   `stroke-opacity` and `title` apply (so `--track route.geojson` can be styled like a GPX track).
    public static func read(_ data: Data, fileName: String, trackStyle: Track = Track()) throws(OverlayError) -> [Overlay] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw .malformedJSON(InputLocation(file: fileName, line: error.line, column: error.column), reason: error.message)
        }
        return try read(root, fileName: fileName, trackStyle: trackStyle)
    }

    /// GeoJSON already parsed (a batch manifest's inline `geojson`); `fileName` names it in messages.
    public static func read(_ root: JSONValue, fileName: String, trackStyle: Track = Track()) throws(OverlayError) -> [Overlay] {
        let document: GeoJSONDocument
        do { document = try GeoJSONReader.read(root, rules: .strict) } catch { throw .geoJSON(file: fileName, error) }
        var overlays: [Overlay] = []
        for feature in document.features {
            let style = try SimpleStyle(properties: feature.properties, path: feature.path.isEmpty ? "properties" : "\(feature.path).properties",
                                        file: fileName)
            if let geometry = feature.geometry { append(geometry, style: style, trackStyle: trackStyle, to: &overlays) }
        }
        return overlays
    }

    private static func append(_ geometry: GeoJSONGeometry, style: SimpleStyle, trackStyle: Track, to overlays: inout [Overlay]) {
        func point(_ p: LatLon) {
            if let radius = style.radiusMeters {
                overlays.append(.circle(style.circle(center: p, radiusMeters: radius)))
            } else {
                overlays.append(.marker(style.marker(at: p)))
            }
        }
        switch geometry {
        case .point(let p): point(p)
        case .multiPoint(let points): points.forEach(point)
        case .lineString(let line): overlays.append(.track(style.track(segments: [line], base: trackStyle)))
        case .multiLineString(let lines): overlays.append(.track(style.track(segments: lines, base: trackStyle)))
        case .polygon(let rings): overlays.append(.polygon(style.polygon(rings: rings)))
        case .multiPolygon(let polygons): overlays += polygons.map { .polygon(style.polygon(rings: $0)) }
        case .geometryCollection(let members):
            for member in members { append(member, style: style, trackStyle: trackStyle, to: &overlays) }
        }
    }
}
