import Foundation
import MapsnapGeo

/// Walks every tile of a `PMTilesArchive` in tile id order, reading directories as it reaches
/// them (uncached, so a walk does not flush the archive's cache) and each run's bytes once.
/// `next()` throws rather than the walk stopping silently, so a converter never writes a
/// partial copy without knowing.
///
/// Bounded on any file: the leaf directories read add up to no more than the leaf section (a
/// leaf listed twice, or overlapping another, is an error), leaves nest at most
/// `PMTilesArchive.maxLeafDepth` deep, and tile ids must ascend (so no tile comes twice).
public struct PMTilesTileIterator {
    private let archive: PMTilesArchive
    /// The directories being walked, root first, each with the index of its next entry.
    private var stack: [(entries: [PMTilesEntry], next: Int)]
    /// The run being handed out: its entry, how many of its tiles are done, its bytes.
    private var run: (entry: PMTilesEntry, done: UInt32, data: Data)?
    private var leafBytesRead: UInt64 = 0
    private var nextTileID: UInt64 = 0
    /// false: walk the directories only and hand out empty bytes (listing the tiles).
    private let readsTiles: Bool

    init(archive: PMTilesArchive, root: [PMTilesEntry], readsTiles: Bool = true) {
        self.archive = archive
        self.readsTiles = readsTiles
        stack = [(root, 0)]
    }

    /// The next tile and its bytes as stored (see `PMTilesArchive.decompressedTile`); nil after the last.
    public mutating func next() throws(PMTilesError) -> (id: TileID, rawData: Data)? {
        while true {
            if let (entry, done, data) = run, done < entry.runLength {
                // tileID < 2⁶³ and done < 2³², so no overflow; ids past zoom 31 address nothing.
                let tileID = entry.tileID + UInt64(done)
                guard let id = HilbertTileID.tile(for: tileID) else {
                    throw corrupt("a run of \(entry.runLength) tiles from tile id \(entry.tileID) reaches past zoom \(HilbertTileID.maxZoom)")
                }
                run = (entry, done + 1, data)
                nextTileID = tileID + 1
                return (id, data)
            }
            run = nil
            guard var top = stack.popLast() else { return nil }
            guard top.next < top.entries.count else { continue }
            let entry = top.entries[top.next]
            top.next += 1
            stack.append(top)
            if entry.isLeaf {
                try descend(into: entry)
            } else {
                guard entry.tileID >= nextTileID else {
                    throw corrupt("tile id \(entry.tileID) comes after tile id \(nextTileID - 1) (ids must ascend)")
                }
                // The first tile names the run in errors.
                let first = HilbertTileID.tile(for: entry.tileID) ?? TileID(z: HilbertTileID.maxZoom + 1, x: 0, y: 0)
                run = (entry, 0, readsTiles ? try archive.tileBytes(entry, id: first) : Data())
            }
        }
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
