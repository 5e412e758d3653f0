import Foundation
import Testing
@testable import MapsnapGeo

struct CameraTests {
    @Test func metersFrameTheShorterSide() {
        let c = Camera(center: LatLon(43.736, 7.426), meters: 800, size: ImageSize(width: 1024, height: 768))
        #expect(abs(c.zoom - 15.728_441_300) < 1e-8)
        #expect(abs(c.metersAcrossShorterSide - 800) < 1e-6)
        // Portrait: the width is the shorter side.
        let p = Camera(center: LatLon(43.736, 7.426), meters: 800, size: ImageSize(width: 768, height: 1024))
        #expect(abs(p.zoom - c.zoom) < 1e-12)
    }

    @Test func pixelRatioDoesNotChangeTheZoom() {
        let a = Camera(center: LatLon(60, 25), meters: 500, size: ImageSize(width: 600, height: 400))
        let b = Camera(center: LatLon(60, 25), meters: 500, size: ImageSize(width: 600, height: 400), pixelRatio: 2)
        #expect(a.zoom == b.zoom)
    }

    @Test func centerMapsToTheImageCenter() {
        let c = Camera(center: LatLon(43.736, 7.426), zoom: 15, size: ImageSize(width: 1000, height: 500),
                       degreesClockwiseFromNorth: 30)
        let s = c.worldToScreen.screen(fromWorld: c.centerWorld)
        #expect(abs(s.x - 500) < 1e-9 && abs(s.y - 250) < 1e-9)
    }

    @Test func bearingPutsTheHeadingUp() {
        // Bearing 90: east is up, so a point east of the center is drawn above it.
        let c = Camera(center: LatLon(0, 0), zoom: 10, size: ImageSize(width: 100, height: 100),
                       degreesClockwiseFromNorth: 90)
        let east = c.worldToScreen.screen(fromWorld: c.centerWorld + Point(x: 10, y: 0))
        #expect(abs(east.x - 50) < 1e-9 && abs(east.y - 40) < 1e-9)
        let back = c.worldToScreen.world(fromScreen: east)
        #expect(abs(back.x - (c.centerWorld.x + 10)) < 1e-9)
    }

    @Test func visibleBoundsSpanTheView() {
        let c = Camera(center: LatLon(43.736, 7.426), meters: 800, size: ImageSize(width: 1024, height: 768))
        let b = c.visibleBounds
        #expect(b.contains(c.center))
        // 800 m north-south is about 0.0072° of latitude.
        #expect(abs((b.north - b.south) - 800 / 111_195) < 0.0002)
    }
}
