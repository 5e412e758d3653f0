import Foundation
import Testing
import MapsnapTiles

/// What an archive's tiles hold, from its metadata and its first tile's bytes.
@Suite struct TileContentKindTests {
    @Test(arguments: [
        ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], TileContentKind.raster(format: "png")),
        ([0xff, 0xd8, 0xff, 0xe0], .raster(format: "jpg")),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .raster(format: "webp")),
        ([0, 0, 0, 0x1c] + Array("ftypavif".utf8), .other(format: "avif")),
        ([0x1f, 0x8b, 0x08, 0x00], .vector),     // gzip, as MBTiles keeps vector tiles
        ([0x78, 0x9c, 0x01], .vector),           // zlib
        ([0x1a, 0x05, 0x0a, 0x01, 0x61], .vector), // plain MVT: Tile.layers
        ([0x00, 0x01], .unknown), ([], .unknown),
    ] as [([UInt8], TileContentKind)])
    func tellsTileBytesByTheirStart(bytes: [UInt8], expected: TileContentKind) {
        #expect(TileContentKind.of(tileBytes: Data(bytes)) == expected)
    }

    @Test(arguments: [("pbf", TileContentKind.vector), ("MVT", .vector), ("png", .raster(format: "png")), ("jpeg", .raster(format: "jpg")),
                      ("webp", .raster(format: "webp")), ("avif", .other(format: "avif")), ("mlt", .other(format: "mlt")), ("", .unknown)])
    func readsTheMetadataFormat(format: String, expected: TileContentKind) {
        #expect(TileContentKind.of(format: format) == expected)
    }

    @Test func anArchiveSaysWhatItHolds() throws {
        #expect(TileContentKind.of(try MBTilesArchive(path: RepositoryData.monaco)) == .vector)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // PNGs under a `pbf` format: the tile decides.
        let mislabelled = directory.path("mislabelled.mbtiles")
        try makeSQLite(at: mislabelled, schema: mbtilesSchema, tiles: [(z: 0, x: 0, tmsRow: 0, data: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
                       metadata: [("format", "pbf")])
        #expect(TileContentKind.of(try MBTilesArchive(path: mislabelled)) == .raster(format: "png"))
        // Vector tiles under a `png` format: the tile decides again.
        let vectors = directory.path("vectors.mbtiles")
        try makeSQLite(at: vectors, schema: mbtilesSchema, tiles: [(z: 0, x: 0, tmsRow: 0, data: [0x1f, 0x8b, 0x08, 0x00])], metadata: [("format", "png")])
        #expect(TileContentKind.of(try MBTilesArchive(path: vectors)) == .vector)
        // Tiles that tell nothing: the format says.
        let said = directory.path("said.mbtiles")
        try makeSQLite(at: said, schema: mbtilesSchema, tiles: [(z: 0, x: 0, tmsRow: 0, data: [0, 1])], metadata: [("format", "webp")])
        #expect(TileContentKind.of(try MBTilesArchive(path: said)) == .raster(format: "webp"))
        // No format and no tiles: nothing to tell.
        let empty = directory.path("empty.mbtiles")
        try makeSQLite(at: empty, schema: mbtilesSchema)
        #expect(TileContentKind.of(try MBTilesArchive(path: empty)) == .unknown)
        #expect(TileContentKind.raster(format: "png").summary == "raster tiles (png)")
    }
}
