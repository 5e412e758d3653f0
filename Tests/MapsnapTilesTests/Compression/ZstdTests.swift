import Foundation
import Testing
@testable import MapsnapTiles

/// Zstandard as PMTiles archives store tiles, directories and metadata: the frames in
/// Tests/FuzzRegressions/zstd (written by PyPI's zstandard), decoded under the tile cap.
@Suite struct ZstdTests {
    static func regression(_ name: String) throws -> Data {
        try Data(contentsOf: RepositoryData.root.appendingPathComponent("Tests/FuzzRegressions/zstd/\(name)"))
    }

    @Test func decodesATile() throws {
        let tile = try zstdDecompress(Self.regression("accepted-monaco-tile.zst"))
        #expect(tile == (try BrotliTests.monacoZoom5Tile()))
    }

    /// Frames one after another decode one after another, as `zstd -d` decodes them.
    @Test func decodesConcatenatedFrames() throws {
        let frame = try Self.regression("accepted-monaco-tile.zst")
        let tile = try zstdDecompress(frame)
        #expect(try zstdDecompress(frame + frame) == tile + tile)
    }

    /// 16 MiB + 1 zeros in 534 bytes: stopped one byte past the cap, as `inflate` stops a gzip bomb.
    @Test func stopsABombAtTheCap() throws {
        let bomb = try Self.regression("bomb-16mib-plus-one.zst")
        #expect(throws: InflateError.tooLarge(limit: 16 << 20)) { try zstdDecompress(bomb) }
        #expect(try zstdDecompress(bomb, limit: (16 << 20) + 1).count == (16 << 20) + 1)
        #expect(throws: InflateError.tooLarge(limit: 1024)) { try zstdDecompress(bomb, limit: 1024) }
    }

    @Test(arguments: [
        ("truncated-tile.zst", InflateError.truncated(.zstd), "zstd stream ended early"),
        ("", .truncated(.zstd), "zstd stream ended early"),
        // A 14-byte frame that asks for a 128 MiB window (and says nothing of its size): refused
        // before the decoder allocates it.
        ("window-128-mib.zst", .corrupt(.zstd, reason: "Frame requires too much memory for decoding"),
         "zstd stream is corrupt: Frame requires too much memory for decoding"),
    ])
    func refusesBrokenStreams(file: String, expected: InflateError, message: String) throws {
        let data = file.isEmpty ? Data() : try Self.regression(file)
        #expect(throws: expected) { try zstdDecompress(data) }
        #expect(expected.description == message)
    }

    @Test func refusesBytesAfterTheLastFrame() throws {
        let frame = try Self.regression("accepted-monaco-tile.zst")
        #expect(throws: InflateError.corrupt(.zstd, reason: "Unknown frame descriptor")) { try zstdDecompress(frame + Data("junk".utf8)) }
    }
}
