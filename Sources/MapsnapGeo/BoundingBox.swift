/// A WGS-84 box, `west,south,east,north` in degrees (the MBTiles `bounds` order).
public struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west; self.south = south; self.east = east; self.north = north
    }

    public var center: LatLon { LatLon((south + north) / 2, (west + east) / 2) }

    public func contains(_ p: LatLon) -> Bool {
        p.latitude >= south && p.latitude <= north && p.longitude >= west && p.longitude <= east
    }

    public func intersects(_ other: BoundingBox) -> Bool {
        !(other.west > east || other.east < west || other.south > north || other.north < south)
    }

    public var description: String { "\(west),\(south),\(east),\(north)" }
}
