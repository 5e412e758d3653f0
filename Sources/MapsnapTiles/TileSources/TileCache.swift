/// The one cache of decoded tiles that every tile source keeps: neighbouring snapshots and the
/// tiles of a metatile ask for the same tiles again soon after, and decoding (or cutting GeoJSON)
/// costs more than keeping a few. First in, first out, `capacity` entries and, when `cost` is
/// given, at most `costLimit` of it in all (decoded raster tiles: 256 of 4096-px images would be
/// 16 GB); a tile that failed to load is not kept, so it fails again (and is reported again) next
/// time. Not for concurrent use, like the sources that own it.
public struct TileCache<Key: Hashable, Value> {
    public let capacity: Int
    public let costLimit: Int
    private let cost: (Value) -> Int
    private var values: [Key: Value] = [:]
    private var order: [Key] = []
    private var totalCost = 0

    public init(capacity: Int = 64, costLimit: Int = .max, cost: @escaping (Value) -> Int = { _ in 0 }) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.costLimit = costLimit
        self.cost = cost
    }

    /// The cached value for `key`, or what `load` returns, which is then kept (a nil result too:
    /// "no tile here" is worth remembering).
    public mutating func value<E: Error>(for key: Key, orLoad load: () throws(E) -> Value) throws(E) -> Value {
        if let hit = values[key] { return hit }
        let value = try load()
        values[key] = value
        order.append(key)
        totalCost += cost(value)
        // The newest entry stays even when it alone is over the limit (it is about to be drawn).
        while order.count > capacity || (totalCost > costLimit && order.count > 1) {
            if let evicted = values.removeValue(forKey: order.removeFirst()) { totalCost -= cost(evicted) }
        }
        return value
    }

    public var count: Int { values.count }
}
