import Foundation
import MapsnapFormats
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
    /// Every tile with its stored bytes, in the archive's own order (for copying it whole).
    func forEachTile(_ body: (TileID, Data) throws -> Void) throws
}

extension TileArchive {
    public func forEachTile(_ body: (TileID, Data) throws -> Void) throws {
        for id in try tileIDs(atZoom: nil) {
            if let data = try rawTileData(id) { try body(id, data) }
        }
    }
}

extension MBTilesArchive: TileArchive {}

/// Opening an archive by its name.
public enum TileArchives {
    /// `.pmtiles` files are PMTiles; anything else is read as MBTiles (SQLite says if it is not).
    public static func open(_ path: String) throws(TileArchiveError) -> any TileArchive {
        isPMTiles(path) ? try PMTilesTileArchive(path: path) : try MBTilesArchive(path: path)
    }

    public static func isPMTiles(_ path: String) -> Bool { path.lowercased().hasSuffix(".pmtiles") }

    /// A file name an archive folder's archives have.
    public static func isArchiveName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".mbtiles") || lower.hasSuffix(".pmtiles")
    }
}

/// A PMTiles archive seen as a `TileArchive`: its errors as `TileArchiveError.pmtiles`, its
/// header and metadata JSON in MBTiles terms. Not for concurrent use (nor is the archive).
public final class PMTilesTileArchive: TileArchive {
    public let archive: PMTilesArchive
    public let metadata: MBTilesMetadata
    public var path: String { archive.path }

    public init(path: String) throws(TileArchiveError) {
        do { archive = try PMTilesArchive(path: path) } catch { throw .pmtiles(error) }
        metadata = Self.metadata(of: archive)
    }

    /// `format` from the tile type (`pbf` for vector tiles), bounds, center and zooms from the
    /// header, the JSON's strings as they are, and `vector_layers` inside `json`, as MBTiles keeps it.
    static func metadata(of a: PMTilesArchive) -> MBTilesMetadata {
        var raw: [String: String] = [:]
        for (key, value) in a.metadataJSON { if let s = value.stringValue { raw[key] = s } }
        switch a.tileType {
        case .mvt: raw["format"] = "pbf"
        case .png: raw["format"] = "png"
        case .jpeg: raw["format"] = "jpg"
        case .webp: raw["format"] = "webp"
        case .avif: raw["format"] = "avif"
        case .unknown, .mlt: break
        }
        raw["minzoom"] = String(a.minZoom)
        raw["maxzoom"] = String(a.maxZoom)
        if let b = a.bounds { raw["bounds"] = "\(b.west),\(b.south),\(b.east),\(b.north)" }
        if let c = a.center { raw["center"] = "\(c.longitude),\(c.latitude),\(a.centerZoom)" }
        if let layers = a.metadataJSON["vector_layers"] {
            raw["json"] = JSONValue.object(JSONObject([(key: "vector_layers", value: layers)])).compactText
        }
        return MBTilesMetadata(raw: raw)
    }

    public func tileData(_ id: TileID) throws(TileArchiveError) -> Data? {
        do { return try archive.tileData(id) } catch { throw .pmtiles(error) }
    }

    public func rawTileData(_ id: TileID) throws(TileArchiveError) -> Data? {
        do { return try archive.rawTileData(id) } catch { throw .pmtiles(error) }
    }

    public func tileIDs(atZoom zoom: Int?) throws(TileArchiveError) -> [TileID] {
        var iterator = archive.tileListIterator()
        var ids: [TileID] = []
        do {
            while let (id, _) = try iterator.next() {
                if zoom == nil || id.z == zoom { ids.append(id) }
            }
        } catch { throw .pmtiles(error) }
        return ids.sorted()
    }

    /// One walk of the directories and the tile data in file order (a run's bytes read once).
    public func forEachTile(_ body: (TileID, Data) throws -> Void) throws {
        var iterator = archive.tileIterator()
        while let (id, data) = try iterator.next() { try body(id, data) }
    }
}
