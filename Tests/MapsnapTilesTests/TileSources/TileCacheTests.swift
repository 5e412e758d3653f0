import Testing
@testable import MapsnapTiles

@Suite struct TileCacheTests {
    struct Failure: Error {}

    @Test func keepsTheLastTilesFirstInFirstOut() {
        var cache = TileCache<Int, String?>(capacity: 2)
        var loads: [Int] = []
        func get(_ k: Int) -> String? {
            cache.value(for: k) { () -> String? in
                loads.append(k)
                return k == 3 ? nil : "tile \(k)"
            }
        }
        #expect(get(1) == "tile 1")
        #expect(get(1) == "tile 1")
        #expect(get(3) == nil)
        #expect(get(3) == nil)  // "no tile here" is kept too
        #expect(loads == [1, 3])
        #expect(get(2) == "tile 2")  // 1 goes
        #expect(cache.count == 2)
        #expect(get(3) == nil)
        #expect(get(1) == "tile 1")
        #expect(loads == [1, 3, 2, 1])
    }

    @Test func failuresAreNotKept() {
        var cache = TileCache<Int, Int>()
        var attempts = 0
        for _ in 0..<2 {
            #expect(throws: Failure.self) {
                try cache.value(for: 7) { () throws(Failure) -> Int in
                    attempts += 1
                    throw Failure()
                }
            }
        }
        #expect(attempts == 2)
        #expect(cache.count == 0)
        #expect(cache.capacity == 64)
    }
}
