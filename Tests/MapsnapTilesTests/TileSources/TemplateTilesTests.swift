import Foundation
import Testing
import MapsnapGeo
@testable import MapsnapTiles

/// `TemplateTiles`: tile files named by a URL template's path.
@Suite struct TemplateTilesTests {
    @Test func tilesAreReadByTheirAddressAndMissingOnesAreAbsent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("tile 3/4/1".utf8).write(to: URL(fileURLWithPath: folder.path("3-4-1.png")))
        let tiles = TemplateTiles(template: folder.path("{z}-{x}-{y}.png"), minZoom: 1, maxZoom: 5, format: "png")
        #expect(try tiles.tileData(TileID(z: 3, x: 4, y: 1)) == Data("tile 3/4/1".utf8))
        #expect(try tiles.tileData(TileID(z: 3, x: 4, y: 2)) == nil)
        #expect(tiles.metadata.minZoom == 1 && tiles.metadata.maxZoom == 5 && tiles.metadata.format == "png")
        // TMS rows count from the south; a template without placeholders serves one file everywhere.
        #expect(TemplateTiles.file(template: "/t/{z}-{x}-{-y}.png", for: TileID(z: 3, x: 4, y: 1)) == "/t/3-4-6.png")
        let single = TemplateTiles(template: folder.path("3-4-1.png"))
        #expect(try single.tileData(TileID(z: 9, x: 1, y: 1)) == Data("tile 3/4/1".utf8))
    }
}
