import Testing
import MapsnapGeo
import MapsnapTiles

@Suite struct HilbertTileIDTests {
    /// The spec's table (section 4.1), and the first tiles of zoom 2 along the curve.
    @Test(arguments: [
        (TileID(z: 0, x: 0, y: 0), 0),
        (TileID(z: 1, x: 0, y: 0), 1), (TileID(z: 1, x: 0, y: 1), 2), (TileID(z: 1, x: 1, y: 1), 3), (TileID(z: 1, x: 1, y: 0), 4),
        (TileID(z: 2, x: 0, y: 0), 5), (TileID(z: 2, x: 1, y: 0), 6), (TileID(z: 2, x: 1, y: 1), 7), (TileID(z: 2, x: 0, y: 1), 8),
        (TileID(z: 2, x: 3, y: 0), 20),
        (TileID(z: 12, x: 3423, y: 1763), 19_078_479),
        // The first and last tile of zoom 31: (4³¹ - 1) / 3 and (4³² - 1) / 3 - 1.
        (TileID(z: 31, x: 0, y: 0), 1_537_228_672_809_129_301),
        (TileID(z: 31, x: (1 << 31) - 1, y: 0), 6_148_914_691_236_517_204),
    ] as [(TileID, UInt64)])
    func knownIDs(tile: TileID, id: UInt64) {
        #expect(HilbertTileID.id(of: tile) == id)
        #expect(HilbertTileID.tile(for: id) == tile)
    }

    @Test func everyTileOfTheFirstZoomsRoundTripsAndTheIDsCountUp() {
        var next: UInt64 = 0
        for z in 0...7 {
            var ids: [UInt64] = []
            for tile in allTiles(z...z) {
                let id = HilbertTileID.id(of: tile)
                #expect(id.flatMap(HilbertTileID.tile(for:)) == tile, "\(tile)")
                if let id { ids.append(id) }
            }
            // A zoom's tiles take exactly the ids after the zoom above.
            #expect(ids.sorted() == Array(next..<(next + UInt64(1 << (2 * z)))), "z\(z)")
            next += UInt64(1 << (2 * z))
        }
    }

    /// Along the curve, each tile touches the one before it (the curve never jumps).
    @Test func consecutiveIDsAreNeighbours() throws {
        for id in HilbertTileID.id(of: TileID(z: 9, x: 0, y: 0))!..<HilbertTileID.id(of: TileID(z: 10, x: 0, y: 0))! - 1 {
            let a = try #require(HilbertTileID.tile(for: id)), b = try #require(HilbertTileID.tile(for: id + 1))
            #expect(abs(a.x - b.x) + abs(a.y - b.y) == 1, "\(a) → \(b)")
        }
    }

    @Test func deepTilesRoundTrip() {
        var random = SplitMix(state: 31)
        for z in [20, 29, 30, 31] {
            for _ in 0..<200 {
                let tile = TileID(z: z, x: random.below(1 << z), y: random.below(1 << z))
                #expect(HilbertTileID.id(of: tile).flatMap(HilbertTileID.tile(for:)) == tile, "\(tile)")
            }
        }
    }

    @Test(arguments: [
        TileID(z: -1, x: 0, y: 0), TileID(z: 32, x: 0, y: 0), TileID(z: 64, x: 0, y: 0), TileID(z: 0, x: 1, y: 0),
        TileID(z: 3, x: 8, y: 0), TileID(z: 3, x: 0, y: -1), TileID(z: 31, x: 1 << 31, y: 0),
    ])
    func tilesOutsideTheGridHaveNoID(tile: TileID) {
        #expect(HilbertTileID.id(of: tile) == nil)
    }

    @Test func idsPastZoom31AddressNothing() {
        #expect(HilbertTileID.end == 6_148_914_691_236_517_205)
        #expect(HilbertTileID.tile(for: HilbertTileID.end) == nil)
        #expect(HilbertTileID.tile(for: .max) == nil)
        #expect(HilbertTileID.tile(for: HilbertTileID.end - 1)?.z == 31)
    }
}
