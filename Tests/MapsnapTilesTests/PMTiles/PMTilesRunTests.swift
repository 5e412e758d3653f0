import Foundation
import Testing
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapTiles

/// Runs: one directory entry for up to 2³²-1 tiles with the same bytes. They are read, counted
/// and written as runs; only handling tiles one by one expands them, and that is bounded.
@Suite struct PMTilesRunTests {
    /// Tests/FuzzRegressions/pmtiles/run-of-4-billion-tiles.pmtiles: one entry, tile id 0, run
    /// length 2³²-1, a 1×1 PNG (238 bytes in all).
    static let fourBillion = RepositoryData.root.appendingPathComponent("Tests/FuzzRegressions/pmtiles/run-of-4-billion-tiles.pmtiles").path

    @Test func theIteratorHandsOutTheRunWhole() throws {
        let archive = try PMTilesArchive(path: Self.fourBillion)
        var iterator = archive.tileIterator()
        let run = try #require(try iterator.nextRun())
        #expect((run.firstID, run.count, run.first) == (0, Int(UInt32.max), TileID(z: 0, x: 0, y: 0)))
        #expect(run.data.prefix(4) == Data([0x89, 0x50, 0x4e, 0x47]))
        #expect(try iterator.nextRun() == nil)
        // Tile by tile, the same run's first tiles.
        var tiles = archive.tileIterator()
        #expect(try tiles.next()?.id == TileID(z: 0, x: 0, y: 0))
        #expect(try tiles.next()?.id == TileID(z: 1, x: 0, y: 0))
    }

    @Test func countingStopsAtTheLimit() throws {
        let archive = try PMTilesArchive(path: Self.fourBillion)
        var counter = archive.tileListIterator()
        #expect(try counter.countTiles(upTo: 1000) == nil)
        var all = archive.tileListIterator()
        #expect(try all.countTiles(upTo: Int(UInt32.max)) == Int(UInt32.max))
        let tiles = try PMTilesTileArchive(path: Self.fourBillion)
        #expect(try tiles.tileCount(upTo: InputLimits.maxArchiveTiles) == nil)
    }

    /// Listing or walking the tiles one by one is refused before the first, naming the archive.
    @Test func handlingTheTilesOneByOneIsRefused() throws {
        let archive = try PMTilesTileArchive(path: Self.fourBillion)
        let message = "\(Self.fourBillion): holds more than 400000000 tiles (runs of identical tiles counted tile by tile), "
            + "more than mapsnap copies one by one; a .pmtiles output keeps the runs"
        #expect(throws: TileArchiveError.tooManyTiles(path: Self.fourBillion, limit: InputLimits.maxArchiveTiles)) { _ = try archive.tileIDs(atZoom: 3) }
        #expect(TileArchiveError.tooManyTiles(path: Self.fourBillion, limit: InputLimits.maxArchiveTiles).description == message)
        var calls = 0
        #expect(throws: TileArchiveError.self) { try archive.forEachTile { _, _ in calls += 1 } }
        #expect(calls == 0)
        // Runs, and the first tile, cost one entry.
        var runs: [TileRun] = []
        try archive.forEachRun { runs.append($0) }
        #expect(runs.count == 1 && runs[0].count == Int(UInt32.max))
        #expect(try archive.firstTile()?.id == TileID(z: 0, x: 0, y: 0))
    }

    /// Written back as a run: one entry, the zooms and bounds of what it covers, in moments.
    @Test func theWriterKeepsARun() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("copy.pmtiles")
        let writer = try PMTilesWriter(path: path)
        try writer.write(TileRun(firstID: 0, count: Int(UInt32.max), data: Data("sea".utf8)))
        try writer.finalize(metadata: [:], tileType: .png, tileCompression: .none)
        let copy = try PMTilesArchive(path: path)
        #expect(copy.header.tileEntriesCount == 1 && copy.header.addressedTilesCount == UInt64(UInt32.max))
        #expect((copy.minZoom, copy.maxZoom) == (0, 16))
        #expect(copy.bounds == BoundingBox(west: -180, south: -85.0511288, east: 180, north: 85.0511288))
        #expect(try copy.tileData(TileID(z: 16, x: 0, y: 0)) == Data("sea".utf8))
        #expect(try copy.tileData(TileID(z: 15, x: 32767, y: 0)) == Data("sea".utf8))
    }

    /// Writes that overlap: the later one wins, id by id, and equal neighbours join into one entry.
    @Test(arguments: [
        // (writes as first id, count, content), the entries as (first id, run length, content).
        ([(0, 10, 0), (3, 2, 1)], [(0, 3, 0), (3, 2, 1), (5, 5, 0)]),
        ([(3, 2, 1), (0, 10, 0)], [(0, 10, 0)]),
        ([(0, 5, 0), (5, 5, 0)], [(0, 10, 0)]),
        ([(0, 5, 0), (7, 3, 0)], [(0, 5, 0), (7, 3, 0)]),
        ([(2, 1, 1), (2, 1, 2), (2, 1, 0)], [(2, 1, 0)]),
        ([(0, 4, 0), (2, 4, 1), (4, 4, 2)], [(0, 2, 0), (2, 2, 1), (4, 4, 2)]),
        ([(0, 8, 1), (1, 1, 0), (3, 1, 0)], [(0, 1, 1), (1, 1, 0), (2, 1, 1), (3, 1, 0), (4, 4, 1)]),
    ] as [([(UInt64, UInt32, UInt32)], [(UInt64, UInt32, Int)])])
    func laterWritesWinIdByID(writes: [(UInt64, UInt32, UInt32)], entries: [(UInt64, UInt32, Int)]) {
        let tiles = writes.map { SpooledTile(tileID: $0.0, content: $0.2, runLength: $0.1) }
        let lengths: [UInt32] = [10, 20, 30]
        let clustered = PMTilesClusteredTiles(tiles: tiles, contentLengths: lengths)
        // Contents are stored in the order of their first tile: offset → content.
        var contentAt: [UInt64: Int] = [:], offset: UInt64 = 0
        for content in clustered.contentOrder {
            contentAt[offset] = content
            offset += UInt64(lengths[content])
        }
        let contents = clustered.entries.map { contentAt[$0.offset] ?? -1 }
        #expect(zip(clustered.entries, contents).map { ($0.tileID, $0.runLength, $1) }.elementsEqual(entries, by: ==))
        #expect(clustered.addressedTiles == entries.map { UInt64($0.1) }.reduce(0, +))
    }

    /// A run longer than an entry holds is split; the addressed count stays exact.
    @Test func runsPastTheEntryLimitAreSplit() {
        let clustered = PMTilesClusteredTiles(tiles: [SpooledTile(tileID: 0, content: 0, runLength: .max),
                                                      SpooledTile(tileID: UInt64(UInt32.max), content: 0, runLength: 5)],
                                              contentLengths: [7])
        #expect(clustered.entries.map(\.runLength) == [.max, 5])
        #expect(clustered.addressedTiles == UInt64(UInt32.max) + 5)
    }
}
