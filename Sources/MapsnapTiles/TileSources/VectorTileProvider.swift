import MapsnapGeo
/// Where a style's vector source gets its tiles: an MBTiles archive, a folder of tiles, GeoJSON
/// cut into tiles. Not for concurrent use: each rendering thread opens its own.
public protocol VectorTileProvider: AnyObject {
    var minZoom: Int { get }
    var maxZoom: Int { get }
    var bounds: BoundingBox? { get }
    var attribution: String? { get }
    /// The decoded tile, or nil when the source has none there.
    func vectorTile(_ id: TileID) throws -> VectorTile?
    /// Every copy of the tile the source holds (several archives of one source may each have
    /// one); the renderer draws them all.
    func vectorTiles(_ id: TileID) throws -> [VectorTile]
}

extension VectorTileProvider {
    /// Most sources hold one copy of a tile at most.
    public func vectorTiles(_ id: TileID) throws -> [VectorTile] {
        try vectorTile(id).map { [$0] } ?? []
    }
}
