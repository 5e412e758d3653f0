import Testing
import MapsnapFormats
@testable import MapsnapOverlays
import MapsnapGeo

struct GeoCircleTests {
    @Test func defaultsLookLikeAGeofence() {
        let c = GeoCircle(center: LatLon(43.7384, 7.4246), radiusMeters: 150)
        let blue = Color.parse("#007aff")
        #expect(c.strokeColor == blue && c.fillColor == blue)
        #expect(c.fillOpacity == 0.15 && c.strokeWidth == 2 && c.strokeOpacity == 1 && c.dash == nil)
    }

    @Test func ringIsTheGeodesicCircle() {
        let c = GeoCircle(center: LatLon(60, 25), radiusMeters: 100)
        let ring = c.ring(segments: 64)
        #expect(ring.count == 65 && ring.first == ring.last)
        #expect(ring == Geodesy.circle(center: c.center, radiusMeters: 100, segments: 64))
    }

    @Test func radiusIsValidated() throws {
        let at = InputLocation(file: "--circle", path: "radius")
        _ = try GeoCircle(center: LatLon(0, 0), radiusMeters: 150).validated(at: at)
        #expect(overlayErrorMessage { () throws(OverlayError) in
            _ = try GeoCircle(center: LatLon(0, 0), radiusMeters: -5).validated(at: at)
        } == "--circle: radius: must be a number of meters greater than 0 and at most 20,000 km, got -5")
    }
}
