import MapsnapFormats
import Testing

@Suite struct BoundedCacheTests {
    struct Failure: Error {}

    @Test func theLeastRecentlyUsedGoesFirst() {
        var cache = BoundedCache<Int, String?>(capacity: 2)
        var loads: [Int] = []
        func get(_ k: Int) -> String? {
            cache.value(for: k) { () -> String? in
                loads.append(k)
                return k == 3 ? nil : "tile \(k)"
            }
        }
        #expect(get(1) == "tile 1")
        #expect(get(3) == nil)
        #expect(get(3) == nil, "'no tile here' is kept too")
        #expect(get(1) == "tile 1", "1 is now the most recently used")
        #expect(loads == [1, 3])
        #expect(get(2) == "tile 2", "3 goes, not 1")
        #expect(cache.count == 2)
        #expect(get(1) == "tile 1")
        #expect(get(3) == nil)
        #expect(loads == [1, 3, 2, 3])
    }

    @Test func failuresAreNotKept() {
        var cache = BoundedCache<Int, Int>(capacity: 4)
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
    }

    @Test func theCostLimitHolds() {
        var cache = BoundedCache<Int, Int>(costLimit: 100) { $0 }
        for key in 0..<10 { cache.insert(30, forKey: key) }
        #expect(cache.count == 3 && cache.totalCost == 90, "3 of 30 fit in 100")
        #expect(cache.value(forKey: 9) == 30 && cache.value(forKey: 6) == nil)
        cache.insert(500, forKey: 99)
        #expect(cache.value(forKey: 99) == nil, "one over the limit alone is not kept")
        #expect(cache.count == 3, "and empties nothing")
        cache.insert(5, forKey: 9)
        #expect(cache.totalCost == 65, "replacing counts the new cost only")
        cache.insert(0, forKey: 8)  // the order is now 7, 9, 8
        cache.insert(40, forKey: 1)
        cache.insert(40, forKey: 2)
        #expect(cache.value(forKey: 7) == nil, "the oldest went to make room")
        #expect(cache.count == 4 && cache.totalCost == 85)
    }

    @Test func freedSlotsAreReusedAndTheOrderHolds() {
        var cache = BoundedCache<Int, Int>(capacity: 3)
        for round in 0..<100 { cache.insert(round, forKey: round % 7) }
        #expect(cache.count == 3)
        // The last three written (rounds 97, 98, 99: keys 6, 0, 1) are what is kept.
        #expect(cache.value(forKey: 6) == 97 && cache.value(forKey: 0) == 98 && cache.value(forKey: 1) == 99)
        #expect(cache.value(forKey: 5) == nil)
    }
}
