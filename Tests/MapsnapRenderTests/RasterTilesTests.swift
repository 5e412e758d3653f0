import Foundation
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapRender
import MapsnapTiles
import Testing

/// A raster tile the archive cannot read is kept for the renderer to fail with (and tried again
/// next time); one whose bytes are bad is skipped with a warning and remembered.
struct RasterTilesTests {
    /// An archive whose every tile read throws `error`.
    final class FailingArchive: TileArchive {
        let path = "broken.mbtiles"
        let metadata = MBTilesMetadata(raw: [:])
        let error: TileArchiveError
        var reads = 0
        init(_ error: TileArchiveError) { self.error = error }
        func tileData(_ id: TileID) throws(TileArchiveError) -> Data? { reads += 1; throw error }
        func rawTileData(_ id: TileID) throws(TileArchiveError) -> Data? { try tileData(id) }
        func tileIDs(atZoom zoom: Int?) throws(TileArchiveError) -> [TileID] { [] }
    }

    static let tile = TileID(z: 3, x: 1, y: 2)

    @Test func aReadFailureIsKeptForTheRendererAndNotCached() {
        let error = TileArchiveError.readFailed(path: "broken.mbtiles", what: "tile 3/1/2", reason: "disk I/O error")
        let archive = FailingArchive(error)
        let tiles = RasterTiles(source: ArchiveRasterSource(archives: [archive]), tileSize: 256)
        let warnings = WarningLog()
        #expect(tiles.image(Self.tile, warnings: warnings) == nil)
        #expect(tiles.image(Self.tile, warnings: warnings) == nil)
        #expect(archive.reads == 2, "not remembered: read again")
        #expect(tiles.takeFailure() == .tileReadFailed(error))
        #expect(tiles.takeFailure() == nil, "taken once")
        #expect(warnings.messages.isEmpty)
    }

    @Test func aCorruptTileIsAWarningAndRemembered() {
        let archive = FailingArchive(.corruptTile(path: "broken.mbtiles", tile: Self.tile, reason: .truncated(.gzip)))
        let tiles = RasterTiles(source: ArchiveRasterSource(archives: [archive]), tileSize: 256)
        let warnings = WarningLog()
        #expect(tiles.image(Self.tile, warnings: warnings) == nil)
        #expect(tiles.image(Self.tile, warnings: warnings) == nil)
        #expect(archive.reads == 1)
        #expect(tiles.takeFailure() == nil)
        #expect(warnings.messages == ["broken.mbtiles: tile 3/1/2 is corrupt: gzip stream ended early; the raster tile is skipped"])
    }
}
