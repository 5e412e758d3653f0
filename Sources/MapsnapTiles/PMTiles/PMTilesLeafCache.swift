/// The leaf directories an archive has decoded lately, so that neighbouring tiles (which share a
/// leaf) do not read and inflate it again. Bounded by the entries it holds rather than by the
/// number of leaves (as `TileCache` is): a leaf may hold a few entries or millions, and it is the
/// entries that take memory. First in, first out. Not for concurrent use.
struct PMTilesLeafCache {
    /// Entries held at most: 24 bytes each, so about 24 MiB.
    let capacity: Int
    private var leaves: [PMTilesSection: [PMTilesEntry]] = [:]
    private var order: [PMTilesSection] = []
    private(set) var held = 0

    init(capacity: Int = 1 << 20) { self.capacity = capacity }

    /// The leaf at `section` (relative to the leaf section), or what `load` returns, which is
    /// kept unless it alone is larger than the whole cache.
    mutating func leaf(at section: PMTilesSection, orLoad load: () throws(PMTilesError) -> [PMTilesEntry]) throws(PMTilesError) -> [PMTilesEntry] {
        if let hit = leaves[section] { return hit }
        let entries = try load()
        guard entries.count <= capacity else { return entries }
        while held + entries.count > capacity, !order.isEmpty {
            let oldest = order.removeFirst()
            held -= leaves.removeValue(forKey: oldest)?.count ?? 0
        }
        leaves[section] = entries
        order.append(section)
        held += entries.count
        return entries
    }

    var count: Int { leaves.count }
}
