import Foundation
import Testing
@testable import MapsnapGeo

struct WebMercatorTests {
    /// 512-px world at zoom 0: the equator's 40,075,016.686 m over 512 px.
    @Test func metersPerPixelAtZoom0OnTheEquator() {
        #expect(abs(WebMercator.metersPerPixel(latitude: 0, zoom: 0) - 78_271.516_964) < 1e-5)
    }

    @Test func metersPerPixelHalvesPerZoomAndShrinksWithLatitude() {
        let z15 = WebMercator.metersPerPixel(latitude: 0, zoom: 15)
        #expect(abs(WebMercator.metersPerPixel(latitude: 0, zoom: 16) * 2 - z15) < 1e-9)
        #expect(abs(WebMercator.metersPerPixel(latitude: 60, zoom: 15) - z15 / 2) < 1e-9)
    }

    struct SpanCase: Sendable {
        let latitude: Double, meters: Double, pixels: Double, zoom: Double
    }
    /// log2(cos φ · 40075016.686 · px / (512 · m)), computed independently.
    static let spans: [SpanCase] = [
        .init(latitude: 0, meters: 800, pixels: 768, zoom: 16.197_306_096),
        .init(latitude: 60, meters: 800, pixels: 768, zoom: 15.197_306_096),
        .init(latitude: 43.736, meters: 800, pixels: 768, zoom: 15.728_441_300),
    ]

    @Test(arguments: spans)
    func zoomForMetersAcrossPixels(_ c: SpanCase) {
        let z = WebMercator.zoom(spanning: c.meters, inPixels: c.pixels, atLatitude: c.latitude)
        #expect(abs(z - c.zoom) < 1e-8)
        #expect(abs(WebMercator.metersPerPixel(latitude: c.latitude, zoom: z) * c.pixels - c.meters) < 1e-6)
    }

    @Test(arguments: [LatLon(43.736, 7.426), LatLon(60.1699, 24.9384), LatLon(-33.8688, 151.2093), LatLon(0, -179.9)])
    func projectThenUnprojectIsIdentity(_ p: LatLon) {
        let back = WebMercator.unproject(WebMercator.project(p, zoom: 15.3), zoom: 15.3)
        #expect(abs(back.latitude - p.latitude) < 1e-9)
        #expect(abs(back.longitude - p.longitude) < 1e-9)
    }

    @Test func worldCornersAndCenter() {
        let nw = WebMercator.project(LatLon(WebMercator.maxLatitude, -180), zoom: 0)
        #expect(abs(nw.x) < 1e-9 && abs(nw.y) < 1e-6)
        let c = WebMercator.project(LatLon(0, 0), zoom: 1)
        #expect(c == Point(x: 512, y: 512))
    }

    @Test func latitudeBeyondTheLimitIsClamped() {
        #expect(WebMercator.project(LatLon(89.9, 0), zoom: 0).y == WebMercator.project(LatLon(WebMercator.maxLatitude, 0), zoom: 0).y)
    }
}
