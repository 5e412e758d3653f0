import Foundation
import MapsnapGeo

/// What drawing needs of a place that holds tiles: an archive (`TileArchive`, which can also
/// list and copy its tiles) or files named by a URL template (`TemplateTiles`).
public protocol TileReader: AnyObject {
    /// Names the tiles' place in messages: a file, a folder or a template.
    var path: String { get }
    var metadata: MBTilesMetadata { get }
    /// The tile's bytes, decompressed when they were stored compressed; nil when absent.
    func tileData(_ id: TileID) throws(TileArchiveError) -> Data?
}
