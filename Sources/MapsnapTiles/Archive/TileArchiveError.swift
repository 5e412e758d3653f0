import MapsnapGeo
/// Why a tile archive could not be opened or read. Every message starts with the archive's path
/// and fits on one line, e.g. `data/x.mbtiles: not an MBTiles file (no 'tiles' table)`.
public enum TileArchiveError: Error, Equatable, CustomStringConvertible, Sendable {
    case noSuchFile(path: String)
    case isDirectory(path: String)
    /// SQLite could not open the file (permissions, locking …); `reason` is SQLite's message.
    case cannotOpen(path: String, reason: String)
    case notSQLite(path: String)
    /// An SQLite database without the `tiles` or `metadata` table (or view) MBTiles requires.
    case notMBTiles(path: String, missingTable: String)
    /// A query failed; `what` says what was being read ("metadata", "tile 14/8529/5974", …).
    case readFailed(path: String, what: String, reason: String)
    /// A stored tile's compressed bytes would not decompress.
    case corruptTile(path: String, tile: TileID, reason: InflateError)
    /// Writing: the output exists and was not to be added to.
    case alreadyExists(path: String)
    /// Writing: an existing output of another format or layout.
    case incompatible(path: String, reason: String)
    case writeFailed(path: String, what: String, reason: String)
    /// A PMTiles archive's problem (its message names the file).
    case pmtiles(PMTilesError)
    /// Reading: a folder that is not a folder of `z/x/y.EXT` tiles; `reason` says why.
    case notTileFolder(path: String, reason: String)
    /// The archive holds more tiles (runs counted tile by tile) than `limit`, which is as far as
    /// mapsnap handles tiles one by one (`InputLimits.maxArchiveTiles`).
    case tooManyTiles(path: String, limit: Int)

    public var description: String {
        switch self {
        case .noSuchFile(let path):
            return "\(path): no such file"
        case .isDirectory(let path):
            return "\(path): is a directory, not an MBTiles file"
        case .cannotOpen(let path, let reason):
            return "\(path): cannot open: \(reason)"
        case .notSQLite(let path):
            return "\(path): not an SQLite database"
        case .notMBTiles(let path, let table):
            return "\(path): not an MBTiles file (no '\(table)' table)"
        case .readFailed(let path, let what, let reason):
            return "\(path): cannot read \(what): \(reason)"
        case .corruptTile(let path, let tile, let reason):
            return "\(path): tile \(tile) is corrupt: \(reason)"
        case .alreadyExists(let path):
            return "\(path) already exists"
        case .incompatible(let path, let reason):
            return "\(path): \(reason); refusing to write into it"
        case .writeFailed(let path, let what, let reason):
            return "\(path): cannot write \(what): \(reason)"
        case .pmtiles(let error):
            return error.description
        case .notTileFolder(let path, let reason):
            return "\(path): not a folder of z/x/y tiles: \(reason)"
        case .tooManyTiles(let path, let limit):
            return "\(path): holds more than \(limit) tiles (runs of identical tiles counted tile by tile), "
                + "more than mapsnap copies one by one; a .pmtiles output keeps the runs"
        }
    }
}

extension TileArchiveError {
    /// Whether the archive failed to give a tile's bytes (an I/O or SQLite error, a read cut
    /// short, a corrupt page or directory: an archive truncated or damaged while it is read),
    /// rather than giving bytes that do not decode (a corrupt tile, a gzip bomb), which a
    /// renderer skips with a warning. A render that meets a read failure fails: the tile may hold
    /// anything, and drawing on without it gives a blank or partial image that looks right.
    public var isReadFailure: Bool {
        switch self {
        case .corruptTile: return false
        case .pmtiles(let error): return error.isReadFailure
        default: return true
        }
    }
}
