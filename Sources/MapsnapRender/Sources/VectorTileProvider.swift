import Foundation

/// Where a style's vector source gets its tiles (an MBTiles archive, later PMTiles or a folder).
/// Not for concurrent use: each rendering thread opens its own.
public protocol VectorTileProvider: AnyObject {
    var minZoom: Int { get }
    var maxZoom: Int { get }
    var bounds: BoundingBox? { get }
    var attribution: String? { get }
    /// The decoded tile, or nil when the source has none there.
    func vectorTile(_ id: TileID) throws -> VectorTile?
}

/// A vector source backed by one or more MBTiles archives with disjoint data (e.g. several
/// regions): every archive's copy of a tile is drawn. Decoded tiles are kept in a small cache so
/// that neighbouring snapshots and metatiles reuse them.
public final class MBTilesVectorSource: VectorTileProvider {
    public let archives: [MBTilesArchive]
    private var cache: [TileID: [VectorTile]] = [:]
    private var cacheOrder: [TileID] = []
    private let cacheLimit = 64

    public init(archives: [MBTilesArchive]) {
        precondition(!archives.isEmpty)
        self.archives = archives
    }

    public convenience init(path: String) throws(TileArchiveError) {
        self.init(archives: [try MBTilesArchive(path: path)])
    }

    public var minZoom: Int { archives.map { $0.metadata.minZoom ?? 0 }.min() ?? 0 }
    public var maxZoom: Int { archives.map { $0.metadata.maxZoom ?? 14 }.max() ?? 14 }
    public var bounds: BoundingBox? {
        let all = archives.compactMap(\.metadata.bounds)
        guard var b = all.first else { return nil }
        for o in all.dropFirst() {
            b = BoundingBox(west: min(b.west, o.west), south: min(b.south, o.south),
                            east: max(b.east, o.east), north: max(b.north, o.north))
        }
        return b
    }
    public var attribution: String? { archives.compactMap(\.metadata.attribution).first }

    public func vectorTile(_ id: TileID) throws -> VectorTile? { try vectorTiles(id).first }

    /// Every archive's copy of the tile (usually zero or one).
    public func vectorTiles(_ id: TileID) throws -> [VectorTile] {
        if let hit = cache[id] { return hit }
        var tiles: [VectorTile] = []
        for archive in archives {
            guard let data = try archive.tileData(id) else { continue }
            do { tiles.append(try VectorTile(data: data)) } catch {
                throw TileSourceError.corruptTile(path: archive.path, tile: id, reason: error.description)
            }
        }
        cache[id] = tiles
        cacheOrder.append(id)
        if cacheOrder.count > cacheLimit { cache[cacheOrder.removeFirst()] = nil }
        return tiles
    }
}

public enum TileSourceError: Error, CustomStringConvertible {
    case corruptTile(path: String, tile: TileID, reason: String)
    public var description: String {
        switch self {
        case .corruptTile(let path, let tile, let reason): return "\(path): tile \(tile) is corrupt: \(reason)"
        }
    }
}
