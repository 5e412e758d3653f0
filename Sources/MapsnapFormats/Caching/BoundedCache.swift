/// mapsnap's one bounded cache: decoded tiles of every source, PMTiles leaf directories, the
/// server's encoded tiles. The least recently used entry goes first once the cache holds more than
/// `capacity` entries or more than `costLimit` of `cost` in all (bytes of pixels, directory
/// entries: whatever takes the memory). An entry whose cost alone is over the limit is handed back
/// but not kept, so one huge value cannot empty the cache. A value that failed to load is not kept
/// either, so it fails (and is reported) again next time.
///
/// A value type, not for concurrent use: an owner that is shared keeps it under its own lock (the
/// server's `TileMemoryCache`). Lookups, insertions and evictions are O(1): each entry knows the
/// keys of its neighbours in the order of use, newest to oldest.
public struct BoundedCache<Key: Hashable, Value> {
    public let capacity: Int
    public let costLimit: Int
    private let cost: (Value) -> Int

    private struct Entry {
        var value: Value
        var cost: Int
        var newer: Key?
        var older: Key?
    }

    private var entries: [Key: Entry] = [:]
    private var newest: Key?
    private var oldest: Key?
    /// The cost of everything held.
    public private(set) var totalCost = 0

    public init(capacity: Int = .max, costLimit: Int = .max, cost: @escaping (Value) -> Int = { _ in 0 }) {
        precondition(capacity > 0 && costLimit >= 0)
        self.capacity = capacity
        self.costLimit = costLimit
        self.cost = cost
    }

    public var count: Int { entries.count }

    /// The value kept for `key`, which becomes the most recently used; nil when none is kept.
    public mutating func value(forKey key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        if newest != key {
            unlink(key, entry)
            pushNewest(key)
        }
        return entry.value
    }

    /// The cached value for `key`, or what `load` returns, which is then kept (a nil result too,
    /// when `Value` is optional: "no tile here" is worth remembering).
    public mutating func value<E: Error>(for key: Key, orLoad load: () throws(E) -> Value) throws(E) -> Value {
        if let hit = value(forKey: key) { return hit }
        let loaded = try load()
        insert(loaded, forKey: key)
        return loaded
    }

    /// Keeps `value` for `key` (replacing what was kept), then drops the least recently used
    /// entries until the cache is within its limits.
    public mutating func insert(_ value: Value, forKey key: Key) {
        let itsCost = cost(value)
        remove(key)
        guard itsCost <= costLimit else { return }
        entries[key] = Entry(value: value, cost: itsCost)
        pushNewest(key)
        totalCost += itsCost
        while entries.count > capacity || totalCost > costLimit, let old = oldest { remove(old) }
    }

    private mutating func remove(_ key: Key) {
        guard let entry = entries[key] else { return }
        unlink(key, entry)
        entries[key] = nil
        totalCost -= entry.cost
    }

    /// Takes `key` out of the order of use (its neighbours then point at each other).
    private mutating func unlink(_ key: Key, _ entry: Entry) {
        if let newer = entry.newer { entries[newer]!.older = entry.older } else { newest = entry.older }
        if let older = entry.older { entries[older]!.newer = entry.newer } else { oldest = entry.newer }
        entries[key]!.newer = nil
        entries[key]!.older = nil
    }

    /// Puts `key` (held, and out of the order) first in the order of use.
    private mutating func pushNewest(_ key: Key) {
        entries[key]!.older = newest
        if let n = newest { entries[n]!.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }
}
