import Foundation
import MapsnapFormats
import MapsnapGeo

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
        case .mlt: raw["format"] = "mlt"
        case .unknown: break
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
        do {
            guard let raw = try archive.rawTileData(id) else { return nil }
            return try portable(raw, id: id)
        } catch { throw .pmtiles(error) }
    }

    /// Runs expanded: refused past `InputLimits.maxArchiveTiles`, which a single directory entry
    /// can claim (2³²-1 tiles) in a file of a few hundred bytes.
    public func tileIDs(atZoom zoom: Int?) throws(TileArchiveError) -> [TileID] {
        try checkTileCount()
        var iterator = archive.tileListIterator()
        var ids: [TileID] = []
        do {
            while let (id, _) = try iterator.next() {
                if zoom == nil || id.z == zoom { ids.append(id) }
            }
        } catch { throw .pmtiles(error) }
        return ids.sorted()
    }

    /// One walk of the directories and the tile data in file order (a run's bytes read once),
    /// after a walk of the directories that counts the tiles (see `checkTileCount`).
    public func forEachTile(_ body: (TileID, Data) throws -> Void) throws {
        try checkTileCount()
        try forEachRun { run in try run.forEachTile { id in try body(id, run.data) } }
    }

    public func forEachRun(_ body: (TileRun) throws -> Void) throws {
        var iterator = archive.tileIterator()
        while let run = try iterator.nextRun() {
            try body(TileRun(firstID: run.firstID, count: run.count, data: try portable(run.data, id: run.first)))
        }
    }

    public func tileCount(upTo limit: Int) throws(TileArchiveError) -> Int? {
        var iterator = archive.tileListIterator()
        do { return try iterator.countTiles(upTo: limit) } catch { throw .pmtiles(error) }
    }

    public func firstTile() throws(TileArchiveError) -> (id: TileID, data: Data)? {
        var iterator = archive.tileIterator()
        do {
            guard let run = try iterator.nextRun() else { return nil }
            return (run.first, try portable(run.data, id: run.first))
        } catch { throw .pmtiles(error) }
    }

    /// `raw` as the other archives can store it: brotli and zstd, which an MBTiles or a folder
    /// cannot say, decompressed, and gzip-compressed again for vector tiles (MBTiles keeps those
    /// gzipped); other compressions as stored.
    private func portable(_ raw: Data, id: TileID) throws(PMTilesError) -> Data {
        switch archive.tileCompression {
        case .none, .gzip, .unknown:
            return raw
        case .brotli, .zstd:
            let plain = try archive.decompressedTile(raw, id: id)
            let isVector = archive.tileType == .mvt || (archive.tileType == .unknown && TileContentKind.of(tileBytes: plain) == .vector)
            guard isVector else { return plain }
            guard let gzip = gzipCompressed(Array(plain), level: 6) else {
                throw .corruptTile(path: path, tile: id, reason: .outOfMemory)
            }
            return Data(gzip)
        }
    }
}
