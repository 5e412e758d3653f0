/// A tile as the writer keeps it until `finalize`: its Hilbert id and which distinct content
/// (an index into the writer's spool records) it has.
struct SpooledTile {
    var tileID: UInt64
    var content: UInt32
}

/// The tiles of an archive in the clustered layout: entries sorted by tile id, each distinct
/// content stored once at the place where its first tile (by id) puts it, and consecutive ids
/// with the same content joined into one entry with a run length. Clustered archives read an
/// area with nearby reads, and their offset column encodes as almost all zeros.
struct PMTilesClusteredTiles {
    /// Offsets relative to the tile data section being written.
    private(set) var entries: [PMTilesEntry] = []
    /// Indexes of the contents, in the order they are stored in the tile data section.
    private(set) var contentOrder: [Int] = []
    private(set) var addressedTiles: UInt64 = 0
    private(set) var tileDataLength: UInt64 = 0

    /// `tiles` in the order written (a tile written twice keeps its last content);
    /// `contentLengths[i]` is content i's length.
    init(tiles: [SpooledTile], contentLengths: [UInt32]) {
        // Sorted by id, then by when they were written, so that the last write of an id is last.
        let sorted = tiles.indices.sorted { a, b in
            tiles[a].tileID != tiles[b].tileID ? tiles[a].tileID < tiles[b].tileID : a < b
        }
        let unplaced = UInt64.max
        var placedAt = [UInt64](repeating: unplaced, count: contentLengths.count)
        for (position, index) in sorted.enumerated() {
            let tile = tiles[index]
            if position + 1 < sorted.count, tiles[sorted[position + 1]].tileID == tile.tileID { continue }
            let content = Int(tile.content), length = contentLengths[content]
            if placedAt[content] == unplaced {
                placedAt[content] = tileDataLength
                tileDataLength += UInt64(length)
                contentOrder.append(content)
            }
            addressedTiles += 1
            if var last = entries.last, last.offset == placedAt[content], last.runLength < UInt32.max,
               last.tileID + UInt64(last.runLength) == tile.tileID {
                last.runLength += 1
                entries[entries.count - 1] = last
            } else {
                entries.append(PMTilesEntry(tileID: tile.tileID, offset: placedAt[content], length: length, runLength: 1))
            }
        }
    }
}
