import Foundation
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapRender
import MapsnapStyle
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

    /// Below its source's minzoom a raster layer draws nothing, as in MapLibre, and says so.
    @Test func belowTheSourcesMinzoomTheLayerIsNotDrawnAndSaysSo() throws {
        let style = try StyleDocument.parse(Data(#"""
        {"version": 8, "sources": {"r": {"type": "raster", "tiles": ["x/{z}/{x}/{y}.png"], "tileSize": 256}},
         "layers": [{"id": "satellite", "type": "raster", "source": "r"}]}
        """#.utf8), baseURL: nil, fileName: "style.json")
        let tiles = TemplateTiles(template: "/nonexistent/{z}-{x}-{y}.png", minZoom: 10, maxZoom: 14)
        let renderer = MapRenderer(style: style, sources: [:], rasterSources: ["r": (ArchiveRasterSource(archives: [tiles]), 256)])
        let warnings = WarningLog()
        _ = try renderer.render(Camera(center: LatLon(43.7, 7.4), zoom: 3, size: ImageSize(width: 64, height: 64)), warnings: warnings)
        #expect(warnings.messages.contains { $0.contains("layer 'satellite'") && $0.contains("start at zoom 10") && $0.contains("not drawn") })
    }
}
