import Testing
import MapsnapTiles
@testable import MapsnapRender

@Suite struct LinePainterTests {
    /// A line's length in tile units, for sizing a step gradient's ramp. Two coordinates of a
    /// hostile tile can differ by more than an Int32 holds (Int32.min to Int32.max): the
    /// differences are taken in Double, where they once trapped.
    @Test func measuresLinesAcrossTheWholeCoordinateRange() {
        let line = [TilePoint(x: .min, y: 0), TilePoint(x: .max, y: 0), TilePoint(x: .max, y: .min)]
        #expect(LinePainter.length(line) == 4_294_967_295 + 2_147_483_648)
        #expect(LinePainter.length([TilePoint(x: 0, y: 0), TilePoint(x: 3, y: 4)]) == 5)
        #expect(LinePainter.length([]) == 0)
    }
}
