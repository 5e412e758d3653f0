import Foundation
import MapsnapFormats
import Synchronization

/// Encoded tiles in memory, at most `capacity` bytes, the least recently used dropped first: the
/// one bounded cache (`BoundedCache`) under a lock, since every HTTP thread reads and fills it
/// (a hit is a dictionary lookup and two link updates).
final class TileMemoryCache: Sendable {
    struct Key: Hashable, Sendable {
        var style: String
        var tile: TileKey
    }

    /// A tile and its entity tag (hashed once, when it is stored).
    struct Entry: @unchecked Sendable {
        let data: Data
        let etag: String
    }

    let capacity: Int
    private let storage: Mutex<BoundedCache<Key, Entry>>
    /// Bookkeeping per entry, counted with its bytes.
    static let overhead = 128

    init(capacity: Int) {
        self.capacity = capacity
        storage = Mutex(BoundedCache(costLimit: max(0, capacity)) { $0.data.count + Self.overhead })
    }

    var bytes: Int { storage.withLock { $0.totalCost } }
    var count: Int { storage.withLock { $0.count } }

    func get(_ key: Key) -> Entry? { storage.withLock { $0.value(forKey: key) } }

    /// Keeps the tile unless it alone is larger than the whole cache.
    func put(_ key: Key, _ entry: Entry) { storage.withLock { $0.insert(entry, forKey: key) } }
}

/// A served tile: its address and scale (1: 256 px, 2: 512 px `@2x`).
struct TileKey: Hashable, Sendable {
    var z: Int
    var x: Int
    var y: Int
    var scale: Int
}
