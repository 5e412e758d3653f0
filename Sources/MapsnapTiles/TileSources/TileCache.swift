/// The one cache of decoded tiles that every tile source keeps: neighbouring snapshots and the
/// tiles of a metatile ask for the same tiles again soon after, and decoding (or cutting GeoJSON)
/// costs more than keeping a few. First in, first out, `capacity` entries; a tile that failed to
/// load is not kept, so it fails again (and is reported again) next time. Not for concurrent use,
/// like the sources that own it.
public struct TileCache<Key: Hashable, Value> {
    public let capacity: Int
    private var values: [Key: Value] = [:]
    private var order: [Key] = []

    public init(capacity: Int = 64) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// The cached value for `key`, or what `load` returns, which is then kept (a nil result too:
    /// "no tile here" is worth remembering).
    public mutating func value<E: Error>(for key: Key, orLoad load: () throws(E) -> Value) throws(E) -> Value {
        if let hit = values[key] { return hit }
        let value = try load()
        values[key] = value
        order.append(key)
        if order.count > capacity { values[order.removeFirst()] = nil }
        return value
    }

    public var count: Int { values.count }
}
