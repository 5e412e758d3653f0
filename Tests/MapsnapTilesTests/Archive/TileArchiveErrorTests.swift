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
