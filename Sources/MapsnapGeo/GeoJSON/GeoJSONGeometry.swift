/// A GeoJSON geometry (RFC 7946 §3.1) with its positions read as `LatLon`: GeoJSON writes them
/// `[lon, lat]` (an altitude after them is dropped). Rings are arrays of positions, the outer
/// ring first, each closed (its last position equal to its first) when read with strict rules.
public enum GeoJSONGeometry: Equatable, Sendable {
    case point(LatLon)
    case multiPoint([LatLon])
    case lineString([LatLon])
    case multiLineString([[LatLon]])
    /// Linear rings, the outer ring first, then holes.
    case polygon([[LatLon]])
    case multiPolygon([[[LatLon]]])
    case geometryCollection([GeoJSONGeometry])

    /// The spec's name for the kind (`"MultiPolygon"`).
    public var type: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }
}
