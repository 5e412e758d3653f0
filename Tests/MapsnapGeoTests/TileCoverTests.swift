import Foundation
import Testing
@testable import MapsnapGeo

struct TileCoverTests {
    @Test func sourceZoomIsFloorClampedToTheSource() {
        #expect(TileCover.sourceZoom(forZoom: 15.73, minZoom: 0, maxZoom: 14) == 14)
        #expect(TileCover.sourceZoom(forZoom: 12.99, minZoom: 0, maxZoom: 14) == 12)
        #expect(TileCover.sourceZoom(forZoom: 3.2, minZoom: 5, maxZoom: 14) == 5)
    }

    @Test func defaultMonacoViewNeedsTheTilesAroundTheHarbour() {
        let c = Camera(center: LatLon(43.736, 7.426), meters: 800, size: ImageSize(width: 1024, height: 768))
        let tiles = TileCover.tiles(for: c, maxZoom: 14)
        let ids = Set(tiles.map(\.id))
        #expect(ids.contains(TileID(z: 14, x: 8529, y: 5974)))
        #expect(tiles.allSatisfy { $0.id.z == 14 })
        // A z14 tile is 512·2^1.73 ≈ 1,697 px wide at this zoom, so 1–4 tiles cover 1024×768.
        #expect((1...4).contains(tiles.count))
        #expect(abs(tiles[0].worldSize - 512 * exp2(c.zoom - 14)) < 1e-6)
    }

    @Test func overzoomUsesTheMaxZoomAncestor() {
        let c = Camera(center: LatLon(43.736, 7.426), zoom: 19.5, size: ImageSize(width: 256, height: 256))
        let tiles = TileCover.tiles(for: c, maxZoom: 14)
        #expect(tiles.map(\.id) == [TileID(z: 14, x: 8529, y: 5974)])
    }

    @Test func antimeridianWrapsTileColumns() {
        let c = Camera(center: LatLon(0, 179.99), zoom: 4, size: ImageSize(width: 512, height: 256))
        let xs = Set(TileCover.tiles(for: c, maxZoom: 14).map(\.id.x))
        #expect(xs.contains(15) && xs.contains(0))
    }

    @Test func coverIsDeterministicRowByRow() {
        let c = Camera(center: LatLon(60.17, 24.94), zoom: 13.5, size: ImageSize(width: 2048, height: 2048))
        let tiles = TileCover.tiles(for: c, maxZoom: 14)
        #expect(tiles.map(\.id) == tiles.map(\.id).sorted())
    }
}
