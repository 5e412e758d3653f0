/// mapsnap's one bounded cache: decoded tiles of every source, PMTiles leaf directories, the
/// server's encoded tiles. The least recently used entry goes first once the cache holds more than
/// `capacity` entries or more than `costLimit` of `cost` in all (bytes of pixels, directory
/// entries: whatever takes the memory). An entry whose cost alone is over the limit is handed back
/// but not kept, so one huge value cannot empty the cache. A value that failed to load is not kept
/// either, so it fails (and is reported) again next time.
///
/// A value type, not for concurrent use: an owner that is shared keeps it under its own lock (the
/// server's `TileMemoryCache`). Lookups, insertions and evictions are O(1): entries live in an
/// array, linked newest to oldest by index, with freed slots reused.
public struct BoundedCache<Key: Hashable, Value> {
    public let capacity: Int
    public let costLimit: Int
    private let cost: (Value) -> Int

    private struct Entry {
        var key: Key
        /// nil once evicted (the slot waits in `free`), so the value's memory goes at once.
        var value: Value?
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    private var slots: [Key: Int] = [:]
    private var entries: [Entry] = []
    private var free: [Int] = []
    private var newest: Int?
    private var oldest: Int?
    /// The cost of everything held.
    public private(set) var totalCost = 0

    public init(capacity: Int = .max, costLimit: Int = .max, cost: @escaping (Value) -> Int = { _ in 0 }) {
        precondition(capacity > 0 && costLimit >= 0)
        self.capacity = capacity
        self.costLimit = costLimit
        self.cost = cost
    }

    public var count: Int { slots.count }

    /// The value kept for `key`, which becomes the most recently used; nil when none is kept.
    public mutating func value(forKey key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        pushNewest(slot)
        return entries[slot].value
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
        if let slot = slots[key] { remove(slot) }
        guard itsCost <= costLimit else { return }
        let entry = Entry(key: key, value: value, cost: itsCost)
        let slot: Int
        if let reused = free.popLast() { entries[reused] = entry; slot = reused } else { entries.append(entry); slot = entries.count - 1 }
        slots[key] = slot
        pushNewest(slot)
        totalCost += itsCost
        while slots.count > capacity || totalCost > costLimit, let old = oldest { remove(old) }
    }

    private mutating func remove(_ slot: Int) {
        unlink(slot)
        slots[entries[slot].key] = nil
        totalCost -= entries[slot].cost
        entries[slot].value = nil
        free.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if let newer { entries[newer].older = older } else { newest = older }
        if let older { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = nil
        entries[slot].older = nil
    }

    private mutating func pushNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = nil
        if let n = newest { entries[n].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}
