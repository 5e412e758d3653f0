import Foundation
import MapsnapGeo
/// A raster source backed by archives (MBTiles or PMTiles; or tile files by a template) of PNG, JPEG or WebP tiles (a satellite or
/// hillshade base, or a pyramid mapsnap made): the first archive holding a tile gives its bytes.
/// The renderer decodes and keeps them.
public final class ArchiveRasterSource: @unchecked Sendable {
    public let archives: [any TileReader]

    public init(archives: [any TileReader]) {
        precondition(!archives.isEmpty)
        self.archives = archives
    }

    public var minZoom: Int { archives.map { $0.metadata.minZoom ?? 0 }.min() ?? 0 }
    public var maxZoom: Int { archives.map { $0.metadata.maxZoom ?? 22 }.max() ?? 22 }
    public var attribution: String? { archives.compactMap(\.metadata.attribution).first }

    /// The tile's image bytes as stored, and the archive they came from; nil when no archive has it.
    public func imageData(_ id: TileID) throws(TileArchiveError) -> (data: Data, path: String)? {
        for archive in archives {
            if let data = try archive.tileData(id) { return (data, archive.path) }
        }
        return nil
    }
}
