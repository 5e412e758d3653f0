import Testing
import MapsnapGeo
@testable import MapsnapTiles

/// The aligned squares a run of tile ids covers (how the writer learns a run's zooms and extent
/// without visiting its tiles), against the tiles themselves.
@Suite struct HilbertTileIDSquaresTests {
    /// The tiles the squares hold, each once.
    static func tiles(of squares: [HilbertTileID.Square]) -> [TileID] {
        squares.flatMap { s in (0..<s.side).flatMap { dx in (0..<s.side).map { dy in TileID(z: s.z, x: s.x + dx, y: s.y + dy) } } }
    }

    @Test(arguments: [(0, 1), (0, 341), (1, 4), (5, 16), (6, 15), (7, 100), (21, 64), (85, 256), (100, 1000), (341, 1365)] as [(UInt64, UInt64)])
    func theSquaresHoldExactlyTheRunsTiles(first: UInt64, count: UInt64) {
        let squares = HilbertTileID.squares(from: first, count: count)
        let expected = (first..<first + count).map { HilbertTileID.tile(for: $0)! }
        #expect(Set(Self.tiles(of: squares)) == Set(expected))
        #expect(Self.tiles(of: squares).count == expected.count, "no tile twice")
        for s in squares { #expect(s.x % s.side == 0 && s.y % s.side == 0, "\(s) is aligned") }
    }

    /// A run of 2³²-1 tiles from id 0 (the hostile archive's) is a handful of squares: every tile
    /// of zooms 0...15, then most of zoom 16.
    @Test func aRunOfFourBillionTilesIsAFewSquares() {
        let squares = HilbertTileID.squares(from: 0, count: UInt64(UInt32.max))
        #expect(squares.count < 100, "\(squares.count)")
        #expect(squares.prefix(16).map(\.side) == (0...15).map { 1 << $0 })
        #expect(squares.map { UInt64($0.side) * UInt64($0.side) }.reduce(0, +) == UInt64(UInt32.max))
        #expect(Set(squares.map(\.z)) == Set(0...16))
    }
}
