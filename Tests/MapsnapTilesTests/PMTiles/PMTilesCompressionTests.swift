import Foundation
import Testing
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapTiles

/// Archives whose tiles, directories and metadata are compressed with brotli or zstd read as
/// their gzip twin does: Tests/FuzzRegressions/pmtiles/accepted-monaco-z0-z5{,-brotli,-zstd}
/// (the twins written from the first by `scripts/pmtiles-interop.py recompress`, with PyPI's
/// pmtiles writer).
@Suite struct PMTilesCompressionTests {
    static func regression(_ name: String) -> String {
        RepositoryData.root.appendingPathComponent("Tests/FuzzRegressions/pmtiles/\(name)").path
    }

    static func everyTile(_ archive: PMTilesArchive) throws -> [TileID: Data] {
        var tiles: [TileID: Data] = [:]
        var iterator = archive.tileIterator()
        while let (id, raw) = try iterator.next() { tiles[id] = try archive.decompressedTile(raw, id: id) }
        return tiles
    }

    @Test(arguments: [("brotli", PMTilesCompression.brotli), ("zstd", .zstd)])
    func readsTheSameTilesAsTheGzipTwin(name: String, compression: PMTilesCompression) throws {
        let gzip = try PMTilesArchive(path: Self.regression("accepted-monaco-z0-z5.pmtiles"))
        let twin = try PMTilesArchive(path: Self.regression("accepted-monaco-z0-z5-\(name).pmtiles"))
        #expect(twin.header.internalCompression == compression && twin.header.tileCompression == compression)
        #expect(twin.metadataJSON == gzip.metadataJSON)
        let expected = try Self.everyTile(gzip)
        #expect(expected.count == 6)
        #expect(try Self.everyTile(twin) == expected)
        for (id, data) in expected { #expect(try twin.tileData(id) == data, "\(id)") }
    }

    /// An MBTiles or a folder cannot say brotli or zstd: their stored bytes are given as gzip
    /// (vector tiles), which inflate to the same tile.
    @Test(arguments: ["brotli", "zstd"])
    func storedBytesComeAsGzip(name: String) throws {
        let twin = try PMTilesTileArchive(path: Self.regression("accepted-monaco-z0-z5-\(name).pmtiles"))
        var walked = 0
        try twin.forEachTile { id, data in
            #expect(compressionFormat(of: data) == .gzip, "\(id)")
            let expected = try twin.tileData(id)
            #expect(try inflate(data) == expected, "\(id)")
            walked += 1
        }
        #expect(walked == 6)
        let first = try #require(try twin.firstTile())
        #expect(compressionFormat(of: first.data) == .gzip)
    }

    /// The gzip-bomb guard holds for every method: a tile or a directory that decompresses past
    /// 16 MiB is refused, naming it.
    @Test func aBrotliOrZstdBombIsStoppedAtTheCap() throws {
        for (method, file) in [(PMTilesCompression.brotli, "brotli/bomb-16mib-plus-one.br"), (.zstd, "zstd/bomb-16mib-plus-one.zst")] {
            let bomb = try [UInt8](Data(contentsOf: RepositoryData.root.appendingPathComponent("Tests/FuzzRegressions/\(file)")))
            var tile = HandMadeArchive(entries: [PMTilesEntry(tileID: 0, offset: 0, length: UInt32(bomb.count), runLength: 1)], tiles: bomb)
            tile.tileCompression = method
            #expect(try PMTilesHostileFileTests.reading(TileID(z: 0, x: 0, y: 0), in: tile)
                    == "x.pmtiles: tile 0/0/0 is corrupt: inflates to more than 16 MiB (the limit for one tile)")
            var root = HandMadeArchive(root: bomb)
            root.internalCompression = method
            #expect(try PMTilesHostileFileTests.opening(root) == "x.pmtiles: the root directory is corrupt: it decompresses to more than 16 MiB")
        }
    }
}
