/// A feature's geometry where it lies in the world, as MapLibre's `within` reads it: in units of
/// a world `worldExtent` wide (the tile's extent of 8192 times 2^z of the tile it came from),
/// north-west origin. Points give one-point parts, lines one part per line, polygons one per ring.
public struct WorldGeometry: Sendable {
    public let type: GeometryType
    public let parts: [[Point]]
    public let worldExtent: Double

    public init(type: GeometryType, parts: [[Point]], worldExtent: Double) {
        self.type = type
        self.parts = parts
        self.worldExtent = worldExtent
    }

    /// MapLibre's tile extent: feature and `within` polygon coordinates are compared in these units.
    public static let extent = 8192.0

    /// A point of the map in the same units, rounded as MapLibre's `getTileCoordinates` rounds it.
    public func units(of p: LatLon) -> Point { units(ofUnit: WebMercator.projectUnit(p)) }

    /// The same for a point of the world's unit square (`WebMercator.projectUnit`).
    public func units(ofUnit unit: Point) -> Point {
        Point(x: (unit.x * worldExtent).rounded(), y: (unit.y * worldExtent).rounded())
    }
}
