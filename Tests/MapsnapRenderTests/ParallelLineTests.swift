import MapsnapGeo
import Testing
@testable import MapsnapRender

/// `line-offset` on vector output: a line moved to its right (screen coordinates, y down).
struct ParallelLineTests {
    func close(_ a: [Point], _ b: [Point]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { ($0 - $1).length < 1e-9 }
    }

    @Test func aStraightLineMovesAlongItsNormal() {
        let east = [Point(x: 0, y: 0), Point(x: 10, y: 0)]
        #expect(close(east.parallel(atRight: 2, closed: false), [Point(x: 0, y: 2), Point(x: 10, y: 2)]), "right of east is south on screen")
        #expect(close(east.parallel(atRight: -2, closed: false), [Point(x: 0, y: -2), Point(x: 10, y: -2)]))
        #expect(east.parallel(atRight: 0, closed: false) == east)
    }

    @Test func aRightAngleMeetsAtTheMiterPoint() {
        let turn = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]
        #expect(close(turn.parallel(atRight: 1, closed: false), [Point(x: 0, y: 1), Point(x: 9, y: 1), Point(x: 9, y: 10)]))
    }

    @Test func aSharpCornerSplitsInTwo() {
        let back = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 1)]
        #expect(back.parallel(atRight: 1, closed: false).count == 4)
    }

    @Test func aRingMovesAtEveryCorner() {
        // Clockwise on screen: its right side is inside.
        let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
        #expect(close(square.parallel(atRight: 1, closed: true), [Point(x: 1, y: 1), Point(x: 9, y: 1), Point(x: 9, y: 9), Point(x: 1, y: 9)]))
    }
}
