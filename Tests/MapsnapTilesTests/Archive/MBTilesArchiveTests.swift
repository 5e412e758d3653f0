import Foundation
import Testing
import MapsnapTiles
import MapsnapGeo

@Suite struct MBTilesArchiveTests {
    // MARK: the embedded archives

    @Test func readsMonacoMetadata() throws {
        let metadata = try MBTilesArchive(path: RepositoryData.monaco).metadata
        #expect(metadata.name == "Tilemaker to OpenMapTiles schema")
        #expect(metadata.format == "pbf")
        #expect(metadata.bounds == BoundingBox(west: 7.349, south: 43.71, east: 7.491, north: 43.77))
        #expect(metadata.center == LatLon(43.74, 7.42))
        #expect(metadata.centerZoom == 7)
        #expect(metadata.minZoom == 0)
        #expect(metadata.maxZoom == 14)
        #expect(metadata.attribution == nil)
        #expect(metadata.vectorLayerIDs == [
            "place", "boundary", "poi", "housenumber", "waterway", "transportation", "transportation_name", "building",
            "water", "water_name", "aeroway", "aerodrome_label", "park", "landuse", "landcover", "mountain_peak",
        ])
        #expect(metadata.raw.count == 10)
        #expect(metadata.raw["version"] == "3.0")
    }

    /// One tile per zoom level from 0 to `zoom` (small areas fit in one tile at low zooms).
    static func lowZooms(upTo zoom: Int) -> [Int: Int] { Dictionary(uniqueKeysWithValues: (0...zoom).map { ($0, 1) }) }

    /// Counts per zoom level, cross-checked with `sqlite3 FILE "select zoom_level, count(*) from tiles group by 1"`.
    @Test(arguments: [
        (RepositoryData.monaco, BoundingBox(west: 7.349, south: 43.71, east: 7.491, north: 43.77),
         lowZooms(upTo: 9).merging([10: 2, 11: 2, 12: 3, 13: 8, 14: 28]) { $1 }, 53),
        (RepositoryData.helsinki, BoundingBox(west: 24.935176, south: 60.164155, east: 24.953415, north: 60.179113),
         lowZooms(upTo: 12).merging([13: 2, 14: 4]) { $1 }, 19),
        (RepositoryData.andorra, BoundingBox(west: 1.422104, south: 42.43509, east: 1.780386, north: 42.65717),
         lowZooms(upTo: 8).merging([9: 2, 10: 4, 11: 6, 12: 19, 13: 65, 14: 226]) { $1 }, 331),
    ])
    func listsTilesPerZoom(path: String, bounds: BoundingBox, counts: [Int: Int], total: Int) throws {
        let archive = try MBTilesArchive(path: path)
        #expect(archive.path == path)
        #expect(archive.metadata.bounds == bounds)
        #expect((archive.metadata.minZoom, archive.metadata.maxZoom) == (0, 14))
        #expect(counts.values.reduce(0, +) == total)
        for zoom in 0...14 { #expect(try archive.tileIDs(atZoom: zoom).count == counts[zoom], "z\(zoom)") }
        let all = try archive.tileIDs()
        #expect(all.count == total)
        #expect(all == all.sorted())
        #expect(try archive.tileIDs(atZoom: 15) == [])
        // Every listed tile is there, and every tile covers a piece of the archive's bounds.
        for id in all {
            #expect(try archive.rawTileData(id) != nil)
            #expect(id.bounds.intersects(bounds), "\(id)")
        }
    }

    /// Rows whose zoom, column or row are no tile address are left out of every listing and walk,
    /// and counted with the first of them, so that a copy can say what it left out.
    @Test func countsTheRowsOutsideTheGrid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("grid.mbtiles")
        try makeSQLite(at: path, schema: mbtilesSchema, tiles: [
            (z: 1, x: 0, tmsRow: 1, data: [1]), (z: 1, x: 2, tmsRow: 0, data: [2]), (z: 31, x: 0, tmsRow: 0, data: [3]),
            (z: 2, x: 1, tmsRow: -1, data: [4]), (z: -1, x: 0, tmsRow: 0, data: [5]), (z: 2, x: 3, tmsRow: 3, data: [6]),
        ])
        let archive = try MBTilesArchive(path: path)
        #expect(try archive.tileIDs() == [TileID(z: 1, x: 0, y: 0), TileID(z: 2, x: 3, y: 0)])
        var walked: [TileID: Data] = [:]
        try archive.forEachTile { walked[$0] = $1 }
        #expect(walked == [TileID(z: 1, x: 0, y: 0): Data([1]), TileID(z: 2, x: 3, y: 0): Data([6])])
        let outside = try #require(try archive.rowsOutsideGrid())
        #expect(outside.count == 4 && outside.example == "zoom_level -1, tile_column 0, tile_row 0")
        #expect(try MBTilesArchive(path: RepositoryData.monaco).rowsOutsideGrid() == nil)
        // (In the order of the unique index SQLite reads them by.) Counting stops past the limit;
        // the first tile is the first row in the grid.
        #expect(try archive.tileCount(upTo: 6) == 6 && archive.tileCount(upTo: 5) == nil)
        #expect(try archive.firstTile()?.id == TileID(z: 1, x: 0, y: 0))
    }

    @Test func flipsXYZRowsToTMS() throws {
        // python3: n = 2**14; x = int((7.4260 + 180) / 360 * n) → 8529;
        // y = int((1 - asinh(tan(radians(43.7360))) / pi) / 2 * n) → 5974; TMS row n - 1 - y → 10409.
        let id = TileID(containing: LatLon(43.7360, 7.4260), z: 14)
        #expect(id == TileID(z: 14, x: 8529, y: 5974))
        #expect(id.tmsRow == 10409)
        let archive = try MBTilesArchive(path: RepositoryData.monaco)
        let raw = try #require(try archive.rawTileData(id))
        #expect(raw.count == 84452) // sqlite3: length(tile_data) where tile_column=8529 and tile_row=10409
        #expect(Array(raw.prefix(3)) == [0x1f, 0x8b, 0x08])
        #expect(try archive.tileData(id)?.count == 154_528)
        // The stored row number read as an XYZ row is somewhere in the Atlantic: no tile.
        #expect(try archive.rawTileData(TileID(z: 14, x: 8529, y: 10409)) == nil)
        #expect(try archive.tileIDs(atZoom: 14).contains(id))
    }

    @Test func readsTheSameTileTwice() throws {
        let archive = try MBTilesArchive(path: RepositoryData.monaco)
        let id = TileID(z: 14, x: 8529, y: 5974)
        #expect(try archive.tileData(id) == archive.tileData(id))
        #expect(try archive.tileData(TileID(z: 0, x: 0, y: 0)) != nil)
    }

    @Test(arguments: [
        TileID(z: 14, x: 0, y: 0), TileID(z: 13, x: 8529, y: 5974), TileID(z: 15, x: 17058, y: 11948),
        TileID(z: -1, x: 0, y: 0), TileID(z: 31, x: 0, y: 0), TileID(z: 64, x: 0, y: 0),
        TileID(z: 14, x: 1 << 14, y: 5974), TileID(z: 14, x: 8529, y: -1), TileID(z: 0, x: 1, y: 0),
    ])
    func answersNilForTilesItDoesNotHave(id: TileID) throws {
        let archive = try MBTilesArchive(path: RepositoryData.monaco)
        #expect(try archive.tileData(id) == nil)
        #expect(try archive.rawTileData(id) == nil)
    }

    // MARK: archives made for the test

    @Test func passesThroughUncompressedTilesAndInflatesZlib() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("mixed.mbtiles")
        let plain = Array(tileData([TestLayer(name: "plain")]))
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        try makeSQLite(at: path, schema: mbtilesSchema, tiles: [
            (z: 1, x: 0, tmsRow: 1, data: plain),
            (z: 1, x: 1, tmsRow: 1, data: zlibbed(plain)),
            (z: 1, x: 0, tmsRow: 0, data: gzipped(plain)),
            (z: 1, x: 1, tmsRow: 0, data: png),
            (z: 2, x: 0, tmsRow: 0, data: []),
        ], metadata: [("format", "pbf")])
        let archive = try MBTilesArchive(path: path)
        #expect(archive.metadata.format == "pbf")
        #expect(archive.metadata.vectorLayerIDs == [])
        #expect(try archive.tileData(TileID(z: 1, x: 0, y: 0)) == Data(plain))
        #expect(try archive.tileData(TileID(z: 1, x: 1, y: 0)) == Data(plain))
        #expect(try archive.rawTileData(TileID(z: 1, x: 1, y: 0)) == Data(zlibbed(plain)))
        #expect(try archive.tileData(TileID(z: 1, x: 0, y: 1)) == Data(plain))
        #expect(try archive.tileData(TileID(z: 1, x: 1, y: 1)) == Data(png))
        #expect(try archive.tileData(TileID(z: 2, x: 0, y: 3)) == Data())
        #expect(try archive.tileIDs() == [TileID(z: 1, x: 0, y: 0), TileID(z: 1, x: 1, y: 0), TileID(z: 1, x: 0, y: 1),
                                          TileID(z: 1, x: 1, y: 1), TileID(z: 2, x: 0, y: 3)])
    }

    @Test func readsTilesFromAView() throws {
        // The deduplicated layout many tools write: `tiles` is a view over `map` and `images`.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("view.mbtiles")
        let tile = Array(tileData([TestLayer(name: "water")]))
        try makeSQLite(at: path, schema: """
            CREATE TABLE metadata (name text, value text);
            CREATE TABLE map (zoom_level integer, tile_column integer, tile_row integer, tile_id text);
            CREATE TABLE images (tile_data blob, tile_id text);
            CREATE VIEW tiles AS SELECT zoom_level, tile_column, tile_row, tile_data FROM map JOIN images USING (tile_id);
            INSERT INTO map VALUES (3, 4, 2, 'a'), (3, 5, 2, 'a');
            INSERT INTO metadata VALUES ('name', 'deduplicated');
            """)
        try makeSQLite(at: path, schema: "INSERT INTO images VALUES (x'\(gzipped(tile).map { String(format: "%02x", $0) }.joined())', 'a');")
        let archive = try MBTilesArchive(path: path)
        #expect(archive.metadata.name == "deduplicated")
        #expect(try archive.tileData(TileID(z: 3, x: 4, y: 5)) == Data(tile))
        #expect(try archive.tileData(TileID(z: 3, x: 5, y: 5)) == Data(tile))
        #expect(try archive.tileData(TileID(z: 3, x: 4, y: 2)) == nil)
    }

    @Test func reportsACorruptTile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("corrupt.mbtiles")
        let good = gzipped(Array(tileData([TestLayer(name: "water", features: [TestFeature(geometry: [9, 2, 2])])])))
        var badChecksum = good
        badChecksum[badChecksum.count - 8] ^= 0x55
        // TMS rows: y = 2^14 - 1 - row.
        try makeSQLite(at: path, schema: mbtilesSchema, tiles: [
            (z: 14, x: 8529, tmsRow: 16383 - 5975, data: Array(good.prefix(good.count / 2))),
            (z: 14, x: 8529, tmsRow: 16383 - 5976, data: badChecksum),
            (z: 14, x: 8529, tmsRow: 16383 - 5977, data: good),
        ])
        let archive = try MBTilesArchive(path: path)
        let truncated = TileArchiveError.corruptTile(path: path, tile: TileID(z: 14, x: 8529, y: 5975), reason: .truncated(.gzip))
        #expect(throws: truncated) { try archive.tileData(TileID(z: 14, x: 8529, y: 5975)) }
        #expect(truncated.description == "\(path): tile 14/8529/5975 is corrupt: gzip stream ended early")
        let checksum = TileArchiveError.corruptTile(path: path, tile: TileID(z: 14, x: 8529, y: 5976),
                                                    reason: .corrupt(.gzip, reason: "incorrect data check"))
        #expect(throws: checksum) { try archive.tileData(TileID(z: 14, x: 8529, y: 5976)) }
        #expect(checksum.description == "\(path): tile 14/8529/5976 is corrupt: gzip stream is corrupt: incorrect data check")
        // The raw bytes are still there, and the archive keeps working after an error.
        #expect(try archive.rawTileData(TileID(z: 14, x: 8529, y: 5975))?.count == good.count / 2)
        #expect(try archive.tileData(TileID(z: 14, x: 8529, y: 5977)).map { try VectorTile(data: $0).layerNames } == ["water"])
    }

    // MARK: files that are not MBTiles

    enum BadFile: String, CaseIterable {
        case missing, directory, text, empty, noTiles, noMetadata, noTileData
    }

    @Test(arguments: BadFile.allCases)
    func rejectsFilesThatAreNotMBTiles(kind: BadFile) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("\(kind.rawValue).mbtiles")
        let expected: TileArchiveError
        let message: String
        switch kind {
        case .missing:
            expected = .noSuchFile(path: path)
            message = "\(path): no such file"
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            expected = .isDirectory(path: path)
            message = "\(path): is a directory, not an MBTiles file"
        case .text:
            try Data(String(repeating: "this is not a database\n", count: 40).utf8).write(to: URL(fileURLWithPath: path))
            expected = .notSQLite(path: path)
            message = "\(path): not an SQLite database"
        case .empty:
            // SQLite takes an empty file for an empty database.
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            expected = .notMBTiles(path: path, missingTable: "tiles")
            message = "\(path): not an MBTiles file (no 'tiles' table)"
        case .noTiles:
            try makeSQLite(at: path, schema: "CREATE TABLE metadata (name text, value text); CREATE TABLE other (x);")
            expected = .notMBTiles(path: path, missingTable: "tiles")
            message = "\(path): not an MBTiles file (no 'tiles' table)"
        case .noMetadata:
            try makeSQLite(at: path, schema: "CREATE TABLE tiles (zoom_level, tile_column, tile_row, tile_data);")
            expected = .notMBTiles(path: path, missingTable: "metadata")
            message = "\(path): not an MBTiles file (no 'metadata' table)"
        case .noTileData:
            try makeSQLite(at: path, schema: "CREATE TABLE metadata (name, value); CREATE TABLE tiles (zoom_level, tile_column, tile_row);")
            expected = .readFailed(path: path, what: "tiles", reason: "no such column: tile_data")
            message = "\(path): cannot read tiles: no such column: tile_data"
        }
        #expect(throws: expected) { try MBTilesArchive(path: path) }
        #expect(expected.description == message)
    }
}
