import Testing
import MapsnapTiles

@Suite struct RingClassificationTests {
    static let clockwise = closedRing([(0, 0), (10, 0), (10, 10), (0, 10)])       // on screen, y down
    static let counterClockwise = closedRing([(2, 2), (2, 8), (8, 8), (8, 2)])
    static let second = closedRing([(20, 20), (30, 20), (30, 30), (20, 30)])
    static let secondHole = closedRing([(22, 22), (22, 24), (24, 24), (24, 22)])
    static let flat = closedRing([(0, 0), (5, 5), (10, 10)])

    @Test(arguments: [
        (clockwise, Int64(200)),
        (counterClockwise, -72),
        (points([(0, 0), (10, 0), (10, 10), (0, 10)]), 200), // open ring: same area
        (flat, 0),
        (points([(1, 1), (2, 2)]), 0),
        (points([]), 0),
        (closedRing([(0, 0), (Int32.max, 0), (Int32.max, Int32.max), (0, Int32.max)]), 9_223_372_028_264_841_218),
    ] as [([TilePoint], Int64)])
    func computesTheDoubledSignedArea(ring: [TilePoint], expected: Int64) {
        #expect(doubledSignedArea(ring) == expected)
    }

    @Test(arguments: [
        ([[TilePoint]](), [[[TilePoint]]]()),
        ([clockwise], [[clockwise]]),
        ([clockwise, counterClockwise], [[clockwise, counterClockwise]]),
        ([clockwise, counterClockwise, second, secondHole], [[clockwise, counterClockwise], [second, secondHole]]),
        ([clockwise, second], [[clockwise], [second]]),
        ([clockwise, flat, counterClockwise, flat], [[clockwise, counterClockwise]]),
        ([flat], []),
        ([flat, clockwise], [[clockwise]]),
        // A first ring wound the other way (version 1 tiles): its winding marks the exteriors.
        ([Array(counterClockwise.reversed()), Array(clockwise.reversed())], [[Array(counterClockwise.reversed()), Array(clockwise.reversed())]]),
        ([Array(clockwise.reversed()), Array(second.reversed())], [[Array(clockwise.reversed())], [Array(second.reversed())]]),
    ] as [([[TilePoint]], [[[TilePoint]]])])
    func groupsRingsIntoPolygons(rings: [[TilePoint]], expected: [[[TilePoint]]]) {
        #expect(classifyRings(rings) == expected)
    }
}
