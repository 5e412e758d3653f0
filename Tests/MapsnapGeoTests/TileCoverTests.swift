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

    /// Pitched, only tiles under the ground's trapezoid are read, and every tile some screen
    /// point shows is among them.
    @Test func pitchedCoverFollowsTheGround() {
        let size = ImageSize(width: 1024, height: 768)
        let c = Camera(center: LatLon(43.736, 7.426), zoom: 15.7, size: size, degreesClockwiseFromNorth: 35, pitch: 60)
        let tiles = TileCover.tiles(for: c, maxZoom: 14, margin: 32)
        let r = c.visibleWorldRect(margin: 32)
        let side = tiles[0].worldSize
        let inBounds = Int(((r.maxX / side).rounded(.down) - (r.minX / side).rounded(.down) + 1) * ((r.maxY / side).rounded(.down) - (r.minY / side).rounded(.down) + 1))
        #expect(tiles.count < inBounds)
        let ids = Set(tiles.map(\.id))
        for sx in stride(from: 0.0, through: 1024, by: 64) {
            for sy in stride(from: 0.0, through: 768, by: 64) {
                let w = c.world(fromScreen: Point(x: sx, y: sy))
                let id = TileID(z: 14, x: Int((w.x / side).rounded(.down)), y: Int((w.y / side).rounded(.down)))
                #expect(ids.contains(id), "screen (\(sx), \(sy)) shows \(id)")
            }
        }
    }

    @Test func convexPolygonAndRectangleOverlap() {
        let diamond = [Point(x: 5, y: 0), Point(x: 10, y: 5), Point(x: 5, y: 10), Point(x: 0, y: 5)]
        #expect(TileCover.intersects(diamond, Rect(minX: 4, minY: 4, maxX: 6, maxY: 6)))
        // Inside the diamond's bounds, outside the diamond.
        #expect(!TileCover.intersects(diamond, Rect(minX: 0, minY: 0, maxX: 1.5, maxY: 1.5)))
        #expect(!TileCover.intersects(diamond, Rect(minX: 11, minY: 0, maxX: 12, maxY: 10)))
    }
}
