import Foundation
import MapsnapGeo
import MapsnapFormats

/// Tiles in files named by a template (a tile URL template's path, as styles and TileJSON write
/// them): `{z}`, `{x}` and `{y}` are the tile's address, `{-y}` its row counted from the south
/// (TMS). A template without placeholders names one file, served for every tile (as a
/// server answering every tile request with one image would).
public final class TemplateTiles: TileReader {
    public let template: String
    public var path: String { template }
    public let metadata: MBTilesMetadata

    /// `format`: the MBTiles format name of the tiles (`png`, `pbf`…), when known.
    public init(template: String, minZoom: Int = 0, maxZoom: Int = 22, format: String? = nil) {
        self.template = template
        var raw = ["minzoom": String(minZoom), "maxzoom": String(maxZoom)]
        raw["format"] = format
        metadata = MBTilesMetadata(raw: raw)
    }

    /// The file that holds tile `id`.
    public static func file(template: String, for id: TileID) -> String {
        template.replacingOccurrences(of: "{z}", with: String(id.z))
            .replacingOccurrences(of: "{x}", with: String(id.x))
            .replacingOccurrences(of: "{y}", with: String(id.y))
            .replacingOccurrences(of: "{-y}", with: String(id.tmsRow))
    }

    public func tileData(_ id: TileID) throws(TileArchiveError) -> Data? {
        let file = Self.file(template: template, for: id)
        let data: Data
        do { data = try InputFile.read(file) } catch {
            if case .missing = error { return nil }
            throw .readFailed(path: template, what: "tile \(id)", reason: error.reason)
        }
        guard isCompressed(data) else { return data }
        do { return try inflate(data) } catch { throw .corruptTile(path: template, tile: id, reason: error) }
    }
}
