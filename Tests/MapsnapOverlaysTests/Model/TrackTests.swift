import Testing
import MapsnapFormats
@testable import MapsnapOverlays
import MapsnapGeo

struct TrackTests {
    @Test func defaultsAreABlueLineWithAWhiteCasing() {
        let t = Track()
        #expect(t.segments.isEmpty && t.color == Color.parse("#1a73e8"))
        #expect(t.width == 4 && t.casingColor == .white && t.casingWidth == 1.5 && t.opacity == 1)
        #expect(t.dash == nil && !t.startMarker && !t.endMarker && t.title == nil)
    }

    @Test func pointCountAddsUpSegments() {
        let t = Track(segments: [[LatLon(0, 0), LatLon(0, 1)], [], [LatLon(1, 1)]])
        #expect(t.pointCount == 3)
    }
}
