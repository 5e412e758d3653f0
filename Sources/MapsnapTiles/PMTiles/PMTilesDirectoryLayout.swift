/// Splits an archive's entries into a root directory and leaf directories, gzip-compressed. The
/// header and the root must fit the first 16 KiB, so that a client reading over HTTP gets both
/// with its first request. When all entries do not fit, they go into leaves of `leafSize`
/// entries, one root entry per leaf; the leaf size starts where the reference writer starts
/// (4096, or the count / 3500) and grows by a fifth until the root fits.
enum PMTilesDirectoryLayout {
    static let maxRootBytes = 16384 - PMTilesHeader.size

    struct Directories {
        var root: [UInt8]
        /// The leaf directories one after another; empty when the root holds every entry.
        var leaves: [UInt8]
        var leafCount: Int
    }

    /// nil only when zlib fails (out of memory).
    static func build(_ entries: [PMTilesEntry], maxRootBytes: Int = maxRootBytes) -> Directories? {
        guard let whole = gzipCompressed(PMTilesDirectory.encode(entries)) else { return nil }
        if whole.count <= maxRootBytes { return Directories(root: whole, leaves: [], leafCount: 0) }
        var leafSize = max(4096, entries.count / 3500)
        while true {
            var leaves: [UInt8] = []
            var rootEntries: [PMTilesEntry] = []
            for start in stride(from: 0, to: entries.count, by: leafSize) {
                guard let leaf = gzipCompressed(PMTilesDirectory.encode(Array(entries[start..<min(start + leafSize, entries.count)])))
                else { return nil }
                rootEntries.append(PMTilesEntry(tileID: entries[start].tileID, offset: UInt64(leaves.count),
                                                length: UInt32(leaf.count), runLength: 0))
                leaves += leaf
            }
            guard let root = gzipCompressed(PMTilesDirectory.encode(rootEntries)) else { return nil }
            // A one-entry root is as small as a root gets (and the leaf size reaches it), so this ends.
            if root.count <= maxRootBytes || rootEntries.count == 1 { return Directories(root: root, leaves: leaves, leafCount: rootEntries.count) }
            leafSize += max(1, leafSize / 5)
        }
    }
}
