import Foundation
import MapsnapFormats

/// The XYZ tiles (256-px, the slippy-map grid) covering a box at one zoom level, and the
/// metatiles (N×N blocks aligned to multiples of N) that group them for rendering.
public struct TileRange: Hashable, Sendable {
    public var z: Int
    /// Inclusive column and row ranges. A box across the antimeridian gives two ranges.
    public var columns: ClosedRange<Int>
    public var rows: ClosedRange<Int>

    public var count: Int { columns.count * rows.count }

    /// The ranges covering `box` at level `z` (one, or two when the box crosses the antimeridian,
    /// i.e. west > east). Latitudes must already be within the Web Mercator limit.
    public static func covering(_ box: BoundingBox, z: Int) -> [TileRange] {
        if box.west > box.east {
            return covering(BoundingBox(west: box.west, south: box.south, east: 180, north: box.north), z: z)
                + covering(BoundingBox(west: -180, south: box.south, east: box.east, north: box.north), z: z)
        }
        let n = 1 << z
        let nw = TileID(containing: LatLon(box.north, box.west), z: z)
        // The east/south edges belong to the tile before when they fall exactly on a tile border.
        let seUnit = WebMercator.projectUnit(LatLon(box.south, box.east))
        let x1 = min(n - 1, max(0, Int(saturating: ceil(seUnit.x * Double(n))) - 1))
        let y1 = min(n - 1, max(0, Int(saturating: ceil(seUnit.y * Double(n))) - 1))
        return [TileRange(z: z, columns: nw.x...max(nw.x, x1), rows: nw.y...max(nw.y, y1))]
    }

    public func contains(_ t: TileID) -> Bool { t.z == z && columns.contains(t.x) && rows.contains(t.y) }
}

/// An N×N block of tiles rendered as one image so that labels are placed once for all of them.
public struct Metatile: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var z: Int
    /// The north-west tile's column and row (multiples of `size`).
    public var x: Int
    public var y: Int
    public var size: Int

    public init(z: Int, x: Int, y: Int, size: Int) { self.z = z; self.x = x; self.y = y; self.size = size }

    /// The metatile containing `tile`.
    public init(containing tile: TileID, size: Int) {
        self.init(z: tile.z, x: tile.x / size * size, y: tile.y / size * size, size: size)
    }

    /// The block's tiles that exist at this zoom (a metatile at the world's edge is cut off).
    public var tiles: [TileID] {
        let n = 1 << z
        var out: [TileID] = []
        for ty in y..<min(y + size, n) { for tx in x..<min(x + size, n) { out.append(TileID(z: z, x: tx, y: ty)) } }
        return out
    }

    public var description: String { "\(z)/\(x)/\(y) (\(size)x\(size))" }
    public static func < (a: Metatile, b: Metatile) -> Bool { (a.z, a.y, a.x) < (b.z, b.y, b.x) }
}
