import Testing
import MapsnapTiles
import MapsnapGeo

@Suite struct TileArchiveErrorTests {
    @Test(arguments: [
        (TileArchiveError.noSuchFile(path: "data/x.mbtiles"), "data/x.mbtiles: no such file"),
        (.isDirectory(path: "data"), "data: is a directory, not an MBTiles file"),
        (.cannotOpen(path: "data/x.mbtiles", reason: "unable to open database file"), "data/x.mbtiles: cannot open: unable to open database file"),
        (.notSQLite(path: "data/x.mbtiles"), "data/x.mbtiles: not an SQLite database"),
        (.notMBTiles(path: "data/x.mbtiles", missingTable: "tiles"), "data/x.mbtiles: not an MBTiles file (no 'tiles' table)"),
        (.notMBTiles(path: "data/x.mbtiles", missingTable: "metadata"), "data/x.mbtiles: not an MBTiles file (no 'metadata' table)"),
        (.readFailed(path: "data/x.mbtiles", what: "tile 14/8529/5974", reason: "disk I/O error"), "data/x.mbtiles: cannot read tile 14/8529/5974: disk I/O error"),
        (.corruptTile(path: "data/x.mbtiles", tile: TileID(z: 14, x: 8529, y: 5975), reason: .truncated(.gzip)),
         "data/x.mbtiles: tile 14/8529/5975 is corrupt: gzip stream ended early"),
        (.notTileFolder(path: "tiles", reason: "it holds tiles of several kinds (pbf, png)"),
         "tiles: not a folder of z/x/y tiles: it holds tiles of several kinds (pbf, png)"),
        (.tooManyTiles(path: "sea.pmtiles", limit: 400_000_000),
         "sea.pmtiles: holds more than 400000000 tiles (runs of identical tiles counted tile by tile), more than mapsnap copies one by one; a .pmtiles output keeps the runs"),
    ])
    func describesEachCaseOnOneLine(error: TileArchiveError, message: String) {
        #expect(error.description == message)
        #expect(!message.contains("\n"))
    }
}

/// Which errors fail a render (the archive could not give a tile's bytes) and which skip a tile
/// with a warning (its bytes were read and do not decode).
@Suite struct TileReadFailureKindTests {
    static let tile = TileID(z: 14, x: 8529, y: 5974)

    @Test func readFailuresAreTheArchivesNotTheTiles() {
        let failures: [TileArchiveError] = [
            .readFailed(path: "x.mbtiles", what: "tile 14/8529/5974", reason: "database disk image is malformed"),
            .pmtiles(.readFailed(path: "x.pmtiles", what: "tile 14/8529/5974", reason: "the file ended early (was it cut while open?)")),
            .pmtiles(.corruptDirectory(path: "x.pmtiles", directory: "the leaf directory at byte 0 of the leaf directories", reason: "it refers to itself")),
            .pmtiles(.outOfBounds(path: "x.pmtiles", what: "tile 14/8529/5974", offset: 9, length: 9, container: "the tile data section", end: 10)),
            .pmtiles(.tooLarge(path: "x.pmtiles", what: "the leaf directory at byte 0 of the leaf directories", bytes: 1 << 30, limit: 1 << 24)),
        ]
        for e in failures { #expect(e.isReadFailure, "\(e)") }
        let badTiles: [TileArchiveError] = [
            .corruptTile(path: "x.mbtiles", tile: Self.tile, reason: .truncated(.gzip)),
            .pmtiles(.corruptTile(path: "x.pmtiles", tile: Self.tile, reason: .truncated(.gzip))),
            .pmtiles(.tooLarge(path: "x.pmtiles", what: "tile 14/8529/5974", bytes: 1 << 30, limit: 1 << 24)),
        ]
        for e in badTiles { #expect(!e.isReadFailure, "\(e)") }
    }
}
