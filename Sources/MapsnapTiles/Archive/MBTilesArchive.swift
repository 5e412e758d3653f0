import Foundation
internal import CSQLite
import MapsnapGeo
import MapsnapFormats

/// A read-only MBTiles 1.x archive (an SQLite file with `metadata` and `tiles`; `tiles` may be a
/// view, as in deduplicated archives). Tile addresses are XYZ (`TileID`); the flip to the TMS
/// rows MBTiles stores happens inside.
///
/// Holds one SQLite connection opened without SQLite's own mutex and one prepared statement: it is
/// **not for concurrent use**. Open one archive per thread (opening is cheap: one metadata query).
public final class MBTilesArchive {
    public let path: String
    public let metadata: MBTilesMetadata
    private let db: OpaquePointer
    private let tileStatement: OpaquePointer

    /// Opens the file read-only, checks that it is an SQLite database with the `tiles` and
    /// `metadata` tables (or views), reads the metadata and prepares the tile query.
    public init(path: String) throws(TileArchiveError) {
        // A FIFO or a device would block SQLite's open forever: only regular files are opened.
        do { try InputFile.check(path) } catch {
            switch error {
            case .missing: throw .noSuchFile(path: path)
            case .notRegular(_, "a folder"): throw .isDirectory(path: path)
            default: throw .cannotOpen(path: path, reason: error.reason)
            }
        }

        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db = handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: reason)
        }
        do {
            try MBTilesArchive.checkTables(db, path: path)
            metadata = MBTilesMetadata(raw: try MBTilesArchive.readMetadata(db, path: path))
            tileStatement = try MBTilesArchive.prepare(
                db, path: path, what: "tiles",
                "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
        } catch {
            sqlite3_close_v2(db)
            throw error
        }
        self.db = db
        self.path = path
    }

    deinit {
        sqlite3_finalize(tileStatement)
        sqlite3_close_v2(db)
    }

    /// The tile's bytes, decompressed when they are gzip or zlib (detected from their header;
    /// anything else, e.g. PNG or uncompressed MVT, is returned as stored); nil when the archive
    /// has no such tile.
    public func tileData(_ id: TileID) throws(TileArchiveError) -> Data? {
        guard let raw = try rawTileData(id) else { return nil }
        guard isCompressed(raw) else { return raw }
        do {
            return try inflate(raw)
        } catch {
            throw .corruptTile(path: path, tile: id, reason: error)
        }
    }

    /// The tile's bytes exactly as stored; nil when the archive has no such tile (or `id` is not a
    /// valid tile address).
    public func rawTileData(_ id: TileID) throws(TileArchiveError) -> Data? {
        guard id.z >= 0, id.z <= 30, id.x >= 0, id.y >= 0, id.x < 1 << id.z, id.y < 1 << id.z else { return nil }
        let statement = tileStatement
        sqlite3_reset(statement)
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, Int64(id.z))
        sqlite3_bind_int64(statement, 2, Int64(id.x))
        sqlite3_bind_int64(statement, 3, Int64(id.tmsRow))
        switch sqlite3_step(statement) {
        case SQLITE_DONE:
            return nil
        case SQLITE_ROW:
            guard sqlite3_column_type(statement, 0) != SQLITE_NULL else { return nil }
            let blob = sqlite3_column_blob(statement, 0)
            let count = Int(sqlite3_column_bytes(statement, 0))
            guard let blob, count > 0 else { return Data() }
            return Data(bytes: blob, count: count)
        default:
            let reason = errorMessage()
            // SQLite keeps the pages it read while the file's change counter stays the same, a
            // page it found corrupt too: dropped, so that a file repaired in place is read again.
            sqlite3_reset(statement)
            sqlite3_db_release_memory(db)
            throw .readFailed(path: path, what: "tile \(id)", reason: reason)
        }
    }

    /// The addresses of all tiles in the archive (or of those at zoom level `zoom`), sorted by
    /// zoom, then row (north to south), then column.
    public func tileIDs(atZoom zoom: Int? = nil) throws(TileArchiveError) -> [TileID] {
        var sql = "SELECT zoom_level, tile_column, tile_row FROM tiles"
        if zoom != nil { sql += " WHERE zoom_level = ?1" }
        let statement = try MBTilesArchive.prepare(db, path: path, what: "the tile list", sql)
        defer { sqlite3_finalize(statement) }
        if let zoom { sqlite3_bind_int64(statement, 1, Int64(zoom)) }
        var ids: [TileID] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw .readFailed(path: path, what: "the tile list", reason: errorMessage()) }
            // Rows of another zoom range or outside the grid are not tiles of this pyramid.
            let z = Int(sqlite3_column_int64(statement, 0))
            guard (0...30).contains(z) else { continue }
            let x = Int(sqlite3_column_int64(statement, 1)), row = Int(sqlite3_column_int64(statement, 2))
            guard (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(row) else { continue }
            ids.append(TileID(z: z, x: x, y: (1 << z) - 1 - row))
        }
        return ids.sorted()
    }

    private func errorMessage() -> String { String(cString: sqlite3_errmsg(db)) }

    // MARK: opening

    private static func prepare(_ db: OpaquePointer, path: String, what: String, _ sql: String) throws(TileArchiveError) -> OpaquePointer {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error(db, rc, path: path, what: what)
        }
        return statement
    }

    /// SQLite only finds out that a file is not a database when it first reads it.
    private static func error(_ db: OpaquePointer, _ rc: Int32, path: String, what: String) -> TileArchiveError {
        if rc & 0xff == SQLITE_NOTADB { return .notSQLite(path: path) }
        return .readFailed(path: path, what: what, reason: String(cString: sqlite3_errmsg(db)))
    }

    private static func checkTables(_ db: OpaquePointer, path: String) throws(TileArchiveError) {
        let statement = try prepare(db, path: path, what: "the schema",
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name IN ('tiles', 'metadata')")
        defer { sqlite3_finalize(statement) }
        var found: Set<String> = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error(db, rc, path: path, what: "the schema") }
            found.insert(String(cString: sqlite3_column_text(statement, 0)))
        }
        for table in ["tiles", "metadata"] where !found.contains(table) {
            throw .notMBTiles(path: path, missingTable: table)
        }
    }

    private static func readMetadata(_ db: OpaquePointer, path: String) throws(TileArchiveError) -> [String: String] {
        let statement = try prepare(db, path: path, what: "metadata", "SELECT name, value FROM metadata")
        defer { sqlite3_finalize(statement) }
        var rows: [String: String] = [:]
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error(db, rc, path: path, what: "metadata") }
            guard let name = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) else { continue }
            rows[String(cString: name)] = String(cString: value)
        }
        return rows
    }
}
