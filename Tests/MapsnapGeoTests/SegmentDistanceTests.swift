import Testing
import MapsnapGeo

@Suite struct SegmentDistanceTests {
    let a = Point(x: 0, y: 0), b = Point(x: 10, y: 0)

    @Test func beside() { #expect(Point(x: 4, y: 3).squaredDistance(toSegment: a, b) == 9) }
    @Test func beyondEitherEnd() {
        #expect(Point(x: -3, y: 4).squaredDistance(toSegment: a, b) == 25)
        #expect(Point(x: 13, y: 4).squaredDistance(toSegment: a, b) == 25)
    }
    @Test func aSegmentOfOnePoint() { #expect(Point(x: 3, y: 4).squaredDistance(toSegment: a, a) == 25) }
}
