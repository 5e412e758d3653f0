import Testing
@testable import MapsnapGeo

@Suite struct PolylineOffsetTests {
    func close(_ a: [Point], _ b: [Point]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }
    }

    @Test func positiveOffsetIsToTheRightOfTravelOnScreen() {
        // Travelling east on a y-down screen: right is +y.
        let line = [Point(x: 0, y: 0), Point(x: 10, y: 0)]
        #expect(close(line.offset(by: 2), [Point(x: 0, y: 2), Point(x: 10, y: 2)]))
        #expect(close(line.offset(by: -2), [Point(x: 0, y: -2), Point(x: 10, y: -2)]))
    }

    @Test func rightAngleCornerMovesAlongTheMiter() {
        // East then south: the right side is the inside of the turn.
        let line = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]
        let out = line.offset(by: 1)
        #expect(close(out, [Point(x: 0, y: 1), Point(x: 9, y: 1), Point(x: 9, y: 10)]))
    }

    @Test func everySegmentStaysAtTheDistance() {
        let line = [Point(x: 0, y: 0), Point(x: 7, y: 3), Point(x: 12, y: -4), Point(x: 20, y: 1)]
        let out = line.offset(by: 1.5)
        for i in 1..<line.count {
            let a = line[i - 1], b = line[i], d = b - a
            let normal = Point(x: -d.y / d.length, y: d.x / d.length)
            for p in [out[i - 1], out[i]] {
                let v = p - a
                #expect(abs(v.x * normal.x + v.y * normal.y - 1.5) < 1e-9)
            }
        }
    }

    @Test func closedRingIsOffsetAllTheWayRound() {
        let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10), Point(x: 0, y: 0)]
        let out = square.offset(by: 1)
        #expect(close(out, [Point(x: 1, y: 1), Point(x: 9, y: 1), Point(x: 9, y: 9), Point(x: 1, y: 9), Point(x: 1, y: 1)]))
    }

    @Test func degenerateLinesAreUnchanged() {
        let dot = [Point(x: 3, y: 3), Point(x: 3, y: 3)]
        #expect(dot.offset(by: 2) == dot)
        #expect([Point(x: 1, y: 1)].offset(by: 2) == [Point(x: 1, y: 1)])
    }
}
