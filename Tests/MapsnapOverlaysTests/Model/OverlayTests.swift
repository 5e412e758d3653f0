import Testing
@testable import MapsnapOverlays
import MapsnapGeo

struct OverlayTests {
    static let beijingGCJ02 = LatLon(39.9101034993, 116.4037435727)
    static let beijingWGS84 = LatLon(39.9087, 116.3975)

    @Test func transformedConvertsEveryCoordinateAndKeepsTheRest() {
        let p = Self.beijingGCJ02, q = LatLon(43.7384, 7.4246)  // q is outside China: unchanged
        let overlays: [Overlay] = [
            .marker(Marker(coordinate: p, title: "店")),
            .userLocation(UserLocation(coordinate: p, accuracyMeters: 35, headingDegrees: 90)),
            .circle(GeoCircle(center: p, radiusMeters: 150)),
            .track(Track(segments: [[p, q], [q]], width: 6)),
            .polygon(PolygonOverlay(rings: [[p, q, p]])),
        ]
        let converted = overlays.map { $0.transformed(by: GCJ02.toWGS84) }
        let w = GCJ02.toWGS84(p)
        #expect(Geodesy.distanceMeters(w, Self.beijingWGS84) < 0.001)
        #expect(converted == [
            .marker(Marker(coordinate: w, title: "店")),
            .userLocation(UserLocation(coordinate: w, accuracyMeters: 35, headingDegrees: 90)),
            .circle(GeoCircle(center: w, radiusMeters: 150)),
            .track(Track(segments: [[w, q], [q]], width: 6)),
            .polygon(PolygonOverlay(rings: [[w, q, w]])),
        ])
    }
}
