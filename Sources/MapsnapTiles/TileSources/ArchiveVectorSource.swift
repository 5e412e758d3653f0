import MapsnapFormats
import MapsnapGeo
/// A vector source backed by one or more archives (MBTiles or PMTiles) with disjoint data (e.g.
/// several regions): every archive's copy of a tile is drawn. Decoded tiles are kept in a `BoundedCache`.
public final class ArchiveVectorSource: VectorTileProvider {
    public let archives: [any TileArchive]
    private var cache = BoundedCache<TileID, [VectorTile]>.decodedTiles()

    public init(archives: [any TileArchive]) {
        precondition(!archives.isEmpty)
        self.archives = archives
    }

    public convenience init(path: String) throws(TileArchiveError) {
        self.init(archives: [try MBTilesArchive(path: path)])
    }

    public var minZoom: Int { archives.map { $0.metadata.minZoom ?? 0 }.min() ?? 0 }
    public var maxZoom: Int { archives.map { $0.metadata.maxZoom ?? 14 }.max() ?? 14 }
    public var bounds: BoundingBox? { BoundingBox.union(of: archives.compactMap(\.metadata.bounds)) }
    public var attribution: String? { archives.compactMap(\.metadata.attribution).first }

    public func vectorTile(_ id: TileID) throws -> VectorTile? { try vectorTiles(id).first }

    /// Every archive's copy of the tile (usually zero or one).
    public func vectorTiles(_ id: TileID) throws -> [VectorTile] {
        try cache.value(for: id) { () throws in
            var tiles: [VectorTile] = []
            for archive in archives {
                guard let data = try archive.tileData(id) else { continue }
                do throws(MVTError) {
                    var tile = try VectorTile(data: data)
                    tile.origin = archive.path
                    tiles.append(tile)
                } catch {
                    throw TileSourceError.corruptTile(path: archive.path, tile: id, reason: error.description)
                }
            }
            return tiles
        }
    }
}
