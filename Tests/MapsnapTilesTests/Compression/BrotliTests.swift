import Foundation
import Testing
@testable import MapsnapTiles

/// Brotli as PMTiles archives store tiles, directories and metadata: the streams in
/// Tests/FuzzRegressions/brotli (written by PyPI's brotli), decoded under the tile cap.
@Suite struct BrotliTests {
    static func regression(_ name: String) throws -> Data {
        try Data(contentsOf: RepositoryData.root.appendingPathComponent("Tests/FuzzRegressions/brotli/\(name)"))
    }

    /// Monaco's zoom 5 tile, as the MBTiles holds it (gzip) and as brotli gives it back.
    static func monacoZoom5Tile() throws -> Data {
        let archive = try MBTilesArchive(path: RepositoryData.monaco)
        let id = try #require(try archive.tileIDs(atZoom: 5).first)
        return try #require(try archive.tileData(id))
    }

    @Test func decodesATile() throws {
        let tile = try brotliDecompress(Self.regression("accepted-monaco-tile.br"))
        #expect(tile == (try Self.monacoZoom5Tile()))
        #expect(try VectorTile(data: tile).layerCount > 0)
    }

    /// 16 MiB + 1 zeros in 32 bytes: stopped one byte past the cap, as `inflate` stops a gzip bomb.
    @Test func stopsABombAtTheCap() throws {
        let bomb = try Self.regression("bomb-16mib-plus-one.br")
        #expect(throws: InflateError.tooLarge(limit: 16 << 20)) { try brotliDecompress(bomb) }
        #expect(try brotliDecompress(bomb, limit: (16 << 20) + 1).count == (16 << 20) + 1)
        #expect(throws: InflateError.tooLarge(limit: 1024)) { try brotliDecompress(bomb, limit: 1024) }
    }

    @Test(arguments: [
        ("truncated-tile.br", InflateError.truncated(.brotli), "brotli stream ended early"),
        ("", .truncated(.brotli), "brotli stream ended early"),
    ])
    func refusesBrokenStreams(file: String, expected: InflateError, message: String) throws {
        let data = file.isEmpty ? Data() : try Self.regression(file)
        #expect(throws: expected) { try brotliDecompress(data) }
        #expect(expected.description == message)
    }

    /// Bytes that are no brotli stream: the decoder's reason in words.
    @Test func namesWhatIsWrong() throws {
        do {
            _ = try brotliDecompress(Data(repeating: 0xff, count: 16))
            Issue.record("decoded 16 bytes of 0xff")
        } catch {
            guard case .corrupt(.brotli, let reason) = error else { Issue.record("\(error)"); return }
            #expect(!reason.isEmpty && !reason.contains("_") && reason == reason.lowercased(), "\(reason)")
            #expect(error.description == "brotli stream is corrupt: \(reason)")
        }
    }
}
