import Foundation
@testable import MapsnapServe
import Testing

struct TileMemoryCacheTests {
    func key(_ x: Int) -> TileMemoryCache.Key { .init(style: "s", tile: TileKey(z: 5, x: x, y: 0, scale: 1)) }
    func entry(_ bytes: Int) -> TileMemoryCache.Entry { .init(data: Data(count: bytes), etag: "\"\(bytes)\"") }

    @Test func dropsTheLeastRecentlyUsedBeyondItsBytes() {
        let cache = TileMemoryCache(capacity: 3 * (100 + TileMemoryCache.overhead))
        for x in 0..<3 { cache.put(key(x), entry(100)) }
        #expect(cache.count == 3)
        _ = cache.get(key(0))                    // 0 is now the newest; 1 the oldest
        cache.put(key(3), entry(100))
        #expect(cache.get(key(1)) == nil)
        #expect(cache.get(key(0)) != nil && cache.get(key(2)) != nil && cache.get(key(3)) != nil)
        #expect(cache.bytes == 3 * (100 + TileMemoryCache.overhead))
        cache.put(key(2), entry(50))             // replacing keeps one entry, with its new size
        #expect(cache.count == 3 && cache.bytes == 2 * (100 + TileMemoryCache.overhead) + 50 + TileMemoryCache.overhead)
        cache.put(key(9), entry(10_000))         // larger than the whole cache: not kept
        #expect(cache.get(key(9)) == nil && cache.count == 3)
    }

    @Test func aZeroCapacityKeepsNothing() {
        let cache = TileMemoryCache(capacity: 0)
        cache.put(key(0), entry(1))
        #expect(cache.get(key(0)) == nil && cache.bytes == 0)
    }
}
