import Foundation
import MapsnapGeo

/// A file of tiles the renderer and the converters read: an MBTiles (SQLite) or a PMTiles v3
/// (one file of directories and tile data), told apart by `TileArchives.open`. Metadata is given
/// in MBTiles terms (format, bounds, zooms, attribution, vector layers) whichever the file is.
public protocol TileArchive: AnyObject {
    var path: String { get }
    var metadata: MBTilesMetadata { get }
    /// The tile's bytes, decompressed when they were stored gzip-compressed; nil when absent.
    func tileData(_ id: TileID) throws(TileArchiveError) -> Data?
    /// The tile's bytes as stored (compressed vector tiles stay compressed).
    func rawTileData(_ id: TileID) throws(TileArchiveError) -> Data?
    /// Every tile address (or those at zoom level `zoom`), sorted by zoom, then row, then column.
    func tileIDs(atZoom zoom: Int?) throws(TileArchiveError) -> [TileID]
}

extension MBTilesArchive: TileArchive {}
