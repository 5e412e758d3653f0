import Testing
import MapsnapFormats
@testable import MapsnapOverlays
import MapsnapGeo

struct PolygonOverlayTests {
    @Test func defaultsAreABlueOutlineOverATranslucentFill() {
        let ring = [LatLon(0, 0), LatLon(0, 1), LatLon(1, 1), LatLon(0, 0)]
        let p = PolygonOverlay(rings: [ring])
        #expect(p.fillColor == Color.parse("#007aff") && p.strokeColor == Color.parse("#007aff"))
        #expect(p.fillOpacity == 0.2 && p.strokeWidth == 2 && p.strokeOpacity == 1)
        #expect(Overlay.polygon(p) == .polygon(p))
    }
}
