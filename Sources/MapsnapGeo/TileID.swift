import Foundation
import MapsnapFormats

/// An XYZ tile address (x grows east, y grows south, as in slippy-map URLs).
/// MBTiles stores rows in TMS order: use `tmsRow` there.
public struct TileID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var z: Int
    public var x: Int
    public var y: Int
    public init(z: Int, x: Int, y: Int) { self.z = z; self.x = x; self.y = y }

    /// The tile at zoom level `z` (a tile-pyramid level, not a MapLibre zoom) containing `p`.
    public init(containing p: LatLon, z: Int) {
        let unit = WebMercator.projectUnit(p)
        let n = 1 << z
        self.init(z: z, x: min(max(Int(saturating: floor(unit.x * Double(n))), 0), n - 1),
                  y: min(max(Int(saturating: floor(unit.y * Double(n))), 0), n - 1))
    }

    /// The row number as MBTiles (TMS) stores it: counted from the south.
    public var tmsRow: Int { (1 << z) - 1 - y }

    /// The tile's north-west corner in the unit square.
    public var unitOrigin: Point {
        let n = Double(1 << z)
        return Point(x: Double(x) / n, y: Double(y) / n)
    }

    public var bounds: BoundingBox {
        let n = Double(1 << z)
        let nw = WebMercator.unprojectUnit(Point(x: Double(x) / n, y: Double(y) / n))
        let se = WebMercator.unprojectUnit(Point(x: Double(x + 1) / n, y: Double(y + 1) / n))
        return BoundingBox(west: nw.longitude, south: se.latitude, east: se.longitude, north: nw.latitude)
    }

    /// The ancestor at zoom level `z` (for overzooming past a source's maxzoom).
    public func ancestor(atZoom z: Int) -> TileID {
        precondition(z <= self.z)
        let shift = self.z - z
        return TileID(z: z, x: x >> shift, y: y >> shift)
    }

    public var description: String { "\(z)/\(x)/\(y)" }

    public static func < (a: TileID, b: TileID) -> Bool { (a.z, a.y, a.x) < (b.z, b.y, b.x) }
}
