import MapsnapFormats

extension BoundedCache {
    /// The decoded tiles a tile source keeps: neighbouring snapshots and the tiles of a metatile
    /// ask for the same tiles again soon after, and decoding (or cutting GeoJSON) costs more than
    /// keeping a few. Not for concurrent use, like the sources that own it.
    static func decodedTiles() -> BoundedCache { BoundedCache(capacity: 64) }
}
