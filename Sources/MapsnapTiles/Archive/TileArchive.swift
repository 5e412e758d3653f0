import Foundation
import MapsnapFormats
import MapsnapGeo

/// A file of tiles the renderer and the converters read: an MBTiles (SQLite) or a PMTiles v3
/// (one file of directories and tile data), told apart by `TileArchives.open`. Metadata is given
/// in MBTiles terms (format, bounds, zooms, attribution, vector layers) whichever the file is.
///
/// "Stored bytes" are the tile's bytes as the archive keeps them (compressed vector tiles stay
/// compressed), except that tiles a PMTiles compresses with brotli or zstd come gzip-compressed
/// (vector tiles) or plain: an MBTiles or a folder has no way to say brotli or zstd.
public protocol TileArchive: TileReader {
    /// The tile's stored bytes.
    func rawTileData(_ id: TileID) throws(TileArchiveError) -> Data?
    /// Every tile address (or those at zoom level `zoom`), sorted by zoom, then row, then column.
    func tileIDs(atZoom zoom: Int?) throws(TileArchiveError) -> [TileID]
    /// Every tile with its stored bytes, one by one, in the archive's own order. Refuses
    /// (`tooManyTiles`, before the first tile) an archive of more than `InputLimits.maxArchiveTiles`.
    func forEachTile(_ body: (TileID, Data) throws -> Void) throws
    /// Every tile with its stored bytes as the archive stores them: runs of tiles with the same
    /// bytes at consecutive PMTiles tile ids (`TileRun`; other archives give runs of one), in the
    /// archive's own order. The work is bounded by the archive's data, not by what its runs claim.
    func forEachRun(_ body: (TileRun) throws -> Void) throws
    /// How many tiles the archive holds (runs counted tile by tile); nil when more than `limit`,
    /// which is where counting stops, so a claim of billions costs no more than the limit allows.
    func tileCount(upTo limit: Int) throws(TileArchiveError) -> Int?
    /// The first tile in the archive's own order with its stored bytes (to tell the tiles' format
    /// or size from one of them); nil when the archive has none.
    func firstTile() throws(TileArchiveError) -> (id: TileID, data: Data)?
}

extension TileArchive {
    public func forEachTile(_ body: (TileID, Data) throws -> Void) throws {
        try checkTileCount()
        for id in try tileIDs(atZoom: nil) {
            if let data = try rawTileData(id) { try body(id, data) }
        }
    }

    public func forEachRun(_ body: (TileRun) throws -> Void) throws {
        try forEachTile { id, data in
            // Every archive's tiles are of zooms 0...30, which tile ids address.
            if let run = TileRun(tile: id, data: data) { try body(run) }
        }
    }

    public func tileCount(upTo limit: Int) throws(TileArchiveError) -> Int? {
        let count = try tileIDs(atZoom: nil).count
        return count > limit ? nil : count
    }

    public func firstTile() throws(TileArchiveError) -> (id: TileID, data: Data)? {
        for id in try tileIDs(atZoom: nil) {
            if let data = try rawTileData(id) { return (id, data) }
        }
        return nil
    }

    /// Throws `tooManyTiles` when the archive holds more than `InputLimits.maxArchiveTiles`.
    public func checkTileCount() throws(TileArchiveError) {
        guard try tileCount(upTo: InputLimits.maxArchiveTiles) != nil else {
            throw .tooManyTiles(path: path, limit: InputLimits.maxArchiveTiles)
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

