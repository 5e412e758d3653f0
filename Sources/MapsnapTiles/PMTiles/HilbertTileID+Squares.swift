import MapsnapGeo

extension HilbertTileID {
    /// One aligned square of tiles: `side` × `side` tiles of zoom `z` from column `x`, row `y`
    /// (both multiples of `side`).
    public struct Square: Hashable, Sendable {
        public var z: Int
        public var x: Int
        public var y: Int
        public var side: Int
    }

    /// The aligned squares that the `count` tile ids from `first` on cover, in id order: how a run
    /// of billions of tiles tells its zooms and extent without visiting each tile. A stretch of 4ᵏ
    /// ids starting at a multiple of 4ᵏ within a zoom is one 2ᵏ-tile square (the curve fills each
    /// quadrant before the next), so a run is a few such squares per zoom it touches. The ids must
    /// address tiles (below `end`).
    public static func squares(from first: UInt64, count: UInt64) -> [Square] {
        precondition(first < end && end - first >= count, "the ids address tiles of zooms 0...31")
        var squares: [Square] = []
        var id = first, remaining = count
        while remaining > 0 {
            let tile = tile(for: id)!
            let position = id - firstID(ofZoom: tile.z)
            // The largest 4ᵏ block that starts here and fits the run (and so the zoom).
            var k = 0
            while k < tile.z {
                let next = UInt64(1) << UInt64(2 * (k + 1))
                guard position % next == 0, next <= remaining else { break }
                k += 1
            }
            let side = 1 << k
            squares.append(Square(z: tile.z, x: tile.x & ~(side - 1), y: tile.y & ~(side - 1), side: side))
            let size = UInt64(1) << UInt64(2 * k)
            id += size
            remaining -= size
        }
        return squares
    }
}
