import Foundation
import MapsnapGeo

/// Walks every tile of a `PMTilesArchive` in tile id order, reading directories as it reaches
/// them (uncached, so a walk does not flush the archive's cache) and each run's bytes once.
/// `nextRun()` hands out a directory's runs as they are stored (one blob for up to 2³²-1 tiles),
/// `next()` their tiles one by one. Both throw rather than the walk stopping silently, so a
/// converter never writes a partial copy without knowing.
///
/// Bounded on any file: the leaf directories read add up to no more than the leaf section (a
/// leaf listed twice, or overlapping another, is an error), leaves nest at most
/// `PMTilesArchive.maxLeafDepth` deep, and tile ids must ascend (so no tile comes twice). The
/// work of `nextRun()` is bounded by the directories' bytes; only `next()` expands runs.
public struct PMTilesTileIterator {
    private let archive: PMTilesArchive
    /// The directories being walked, root first, each with the index of its next entry.
    private var stack: [(entries: [PMTilesEntry], next: Int)]
    /// The run `next()` is handing out and how many of its tiles are done.
    private var run: (run: TileRun, done: Int)?
    private var leafBytesRead: UInt64 = 0
    private var nextTileID: UInt64 = 0
    /// false: walk the directories only and hand out empty bytes (listing or counting the tiles).
    private let readsTiles: Bool

    init(archive: PMTilesArchive, root: [PMTilesEntry], readsTiles: Bool = true) {
        self.archive = archive
        self.readsTiles = readsTiles
        stack = [(root, 0)]
    }

    /// The next tile and its bytes as stored (see `PMTilesArchive.decompressedTile`); nil after the last.
    public mutating func next() throws(PMTilesError) -> (id: TileID, rawData: Data)? {
        while true {
            if let (current, done) = run, done < current.count {
                run = (current, done + 1)
                // nextRun checked that every id of the run addresses a tile.
                return (HilbertTileID.tile(for: current.firstID + UInt64(done))!, current.data)
            }
            guard let next = try nextRun() else { return nil }
            run = (next, 0)
        }
    }

    /// The next run of tiles with its bytes as stored; nil after the last.
    public mutating func nextRun() throws(PMTilesError) -> TileRun? {
        while true {
            guard var top = stack.popLast() else { return nil }
            guard top.next < top.entries.count else { continue }
            let entry = top.entries[top.next]
            top.next += 1
            stack.append(top)
            if entry.isLeaf {
                try descend(into: entry)
                continue
            }
            guard entry.tileID >= nextTileID else {
                throw corrupt("tile id \(entry.tileID) comes after tile id \(nextTileID - 1) (ids must ascend)")
            }
            // tileID < 2⁶³ and runLength < 2³², so no overflow; ids past zoom 31 address nothing.
            let end = entry.tileID + UInt64(entry.runLength)
            guard end <= HilbertTileID.end else {
                throw corrupt("a run of \(entry.runLength) tiles from tile id \(entry.tileID) reaches past zoom \(HilbertTileID.maxZoom)")
            }
            nextTileID = end
            let run = TileRun(firstID: entry.tileID, count: Int(entry.runLength), data: Data())
            guard readsTiles else { return run }
            return TileRun(firstID: entry.tileID, count: run.count, data: try archive.tileBytes(entry, id: run.first))
        }
    }

    /// How many tiles the rest of the walk holds (runs counted tile by tile), reading directories
    /// only; nil as soon as the count passes `limit`, so that an archive claiming billions of
    /// tiles costs no more than its directories.
    public mutating func countTiles(upTo limit: Int) throws(PMTilesError) -> Int? {
        var total = 0
        while let run = try nextRun() {
            total += run.count
            if total > limit { return nil }
        }
        return total
    }

    private mutating func descend(into entry: PMTilesEntry) throws(PMTilesError) {
        guard stack.count <= PMTilesArchive.maxLeafDepth else {
            throw corrupt("leaf directories nest deeper than \(PMTilesArchive.maxLeafDepth) levels")
        }
        let (sum, overflow) = leafBytesRead.addingReportingOverflow(UInt64(entry.length))
        guard !overflow, sum <= archive.header.leafDirectories.length else {
            throw corrupt("\(PMTilesArchive.leafName(entry)) is listed twice or overlaps another leaf")
        }
        leafBytesRead = sum
        stack.append((try archive.readLeaf(entry), 0))
    }

    private func corrupt(_ reason: String) -> PMTilesError {
        .corruptDirectory(path: archive.path, directory: "the directory tree", reason: reason)
    }
}
