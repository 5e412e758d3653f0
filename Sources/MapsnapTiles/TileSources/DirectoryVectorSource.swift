import Foundation
import MapsnapGeo
import MapsnapFormats

/// A vector source whose tiles are files named by a template, e.g. `tiles/{z}/{x}/{y}.pbf` or
/// `tiles/{z}-{x}-{y}.mvt` (a folder of tiles, or a `tiles` URL of a style mapped to a folder).
/// `{z}`, `{x}` and `{y}` are replaced by the tile address (`{-y}` by the TMS row). A template
/// without placeholders names one file that is returned for every tile, as a tile server would.
/// A missing file is a tile without data; gzip- or zlib-compressed files are inflated. Decoded
/// tiles are kept in a `BoundedCache` by file, so a single-file template reads its file once.
/// Not for concurrent use.
public final class DirectoryVectorSource: VectorTileProvider {
    public let template: String
    public let minZoom: Int
    public let maxZoom: Int
    public let bounds: BoundingBox?
    public let attribution: String?
    private var cache = BoundedCache<String, VectorTile?>.decodedTiles()

    public init(template: String, minZoom: Int = 0, maxZoom: Int = 14, bounds: BoundingBox? = nil, attribution: String? = nil) {
        self.template = template
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.attribution = attribution
    }

    /// The file that holds tile `id`.
    public func path(for id: TileID) -> String { TemplateTiles.file(template: template, for: id) }

    public func vectorTile(_ id: TileID) throws -> VectorTile? {
        let path = path(for: id)
        return try cache.value(for: path) { () throws(TileSourceError) in
            let read = Result { () throws(InputFile.Problem) in try InputFile.read(path) }
            var data: Data
            switch read {
            case .success(let d): data = d
            case .failure(.missing): return nil
            case .failure(let problem): throw .corruptTile(path: path, tile: id, reason: problem.reason)
            }
            do {
                if isCompressed(data) { data = try inflate(data) }
                return try VectorTile(data: data)
            } catch {
                throw .corruptTile(path: path, tile: id, reason: "\(error)")
            }
        }
    }
}
