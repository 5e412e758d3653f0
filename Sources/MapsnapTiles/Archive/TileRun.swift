import Foundation
import MapsnapGeo

/// Tiles with the same stored bytes at consecutive PMTiles tile ids (`HilbertTileID`): how a
/// PMTiles directory stores a stretch of sea, one entry and one blob for up to 2³²-1 tiles. Other
/// archives give runs of one tile. A copier writes a run to a PMTiles as a run and expands it, tile
/// by tile, only for an output that has no runs (MBTiles, a folder), after checking the count.
public struct TileRun: Sendable {
    /// The PMTiles tile id of the first tile.
    public let firstID: UInt64
    /// How many tiles, 1...2³²-1.
    public let count: Int
    /// The bytes each of the tiles has, as stored.
    public let data: Data

    /// `count` tiles from `firstID` on. The caller checks that they all address tiles.
    public init(firstID: UInt64, count: Int, data: Data) {
        precondition(count >= 1 && UInt64(count) <= UInt64(UInt32.max), "a run holds 1...2³²-1 tiles")
        precondition(firstID < HilbertTileID.end && HilbertTileID.end - firstID >= UInt64(count), "a run addresses tiles of zooms 0...31")
        (self.firstID, self.count, self.data) = (firstID, count, data)
    }

    /// A run of the one tile `tile` (zoom 0...31, inside the grid).
    public init?(tile: TileID, data: Data) {
        guard let id = HilbertTileID.id(of: tile) else { return nil }
        self.init(firstID: id, count: 1, data: data)
    }

    public var first: TileID { HilbertTileID.tile(for: firstID)! }

    /// Each tile of the run in tile id order (for an output that stores tiles one by one).
    public func forEachTile(_ body: (TileID) throws -> Void) rethrows {
        for offset in 0..<UInt64(count) { try body(HilbertTileID.tile(for: firstID + offset)!) }
    }
}
