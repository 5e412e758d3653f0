import MapsnapGeo

/// PMTiles addresses a tile by one number: its position on the Hilbert curve of its zoom level,
/// after every tile of the zoom levels above it (z0 is 0; z1 is 1...4 for 0/0, 0/1, 1/1, 1/0; z2
/// starts at 5). Neighbours on the map are mostly neighbours in the file, so runs of identical
/// tiles (sea) collapse into one directory entry and reads of one area stay close together.
///
/// Zoom 31 is the deepest level the ids can hold in 64 bits with room for the levels above.
public enum HilbertTileID {
    public static let maxZoom = 31

    /// The first id past zoom 31: ids from here on address no tile.
    public static let end = firstID(ofZoom: maxZoom + 1)

    /// The id of the first tile of zoom `z` (0...32): 1 + 4 + … + 4^(z-1) = (4^z - 1) / 3.
    static func firstID(ofZoom z: Int) -> UInt64 {
        z == 0 ? 0 : (UInt64.max >> (64 - 2 * z)) / 3
    }

    /// The id of `tile`; nil when its zoom is outside 0...31 or x or y outside the grid of that zoom.
    public static func id(of tile: TileID) -> UInt64? {
        let z = tile.z
        guard (0...maxZoom).contains(z), tile.x >= 0, tile.y >= 0, tile.x < 1 << z, tile.y < 1 << z else { return nil }
        let n: UInt64 = 1 << UInt64(z)
        var x = UInt64(tile.x), y = UInt64(tile.y)
        var position: UInt64 = 0
        var s = n >> 1
        while s > 0 {
            let rx: UInt64 = x & s != 0 ? 1 : 0
            let ry: UInt64 = y & s != 0 ? 1 : 0
            position += s * s * ((3 * rx) ^ ry)
            // Turn the quadrant so that the curve inside it starts where the larger curve enters it.
            if ry == 0 {
                if rx == 1 { (x, y) = (n - 1 - x, n - 1 - y) }
                (x, y) = (y, x)
            }
            s >>= 1
        }
        return firstID(ofZoom: z) + position
    }

    /// The tile `id` addresses; nil for ids past zoom 31 (`end` and above).
    public static func tile(for id: UInt64) -> TileID? {
        guard id < end else { return nil }
        var z = 0
        while id >= firstID(ofZoom: z + 1) { z += 1 }
        let n: UInt64 = 1 << UInt64(z)
        var t = id - firstID(ofZoom: z)
        var x: UInt64 = 0, y: UInt64 = 0
        var s: UInt64 = 1
        while s < n {
            let rx = 1 & (t >> 1)
            let ry = 1 & (t ^ rx)
            if ry == 0 {
                if rx == 1 { (x, y) = (s - 1 - x, s - 1 - y) }
                (x, y) = (y, x)
            }
            x += s * rx
            y += s * ry
            t >>= 2
            s <<= 1
        }
        return TileID(z: z, x: Int(x), y: Int(y))
    }
}
