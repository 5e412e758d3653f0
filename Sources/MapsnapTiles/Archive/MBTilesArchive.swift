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
    /// zoom, then row (north to south), then column. Rows outside the z/x/y grid are no tiles
    /// (`rowsOutsideGrid` counts them).
    public func tileIDs(atZoom zoom: Int? = nil) throws(TileArchiveError) -> [TileID] {
        var sql = "SELECT zoom_level, tile_column, tile_row FROM tiles"
        if zoom != nil { sql += " WHERE zoom_level = ?1" }
        var ids: [TileID] = []
        try step(sql, what: "the tile list", bind: { if let zoom { sqlite3_bind_int64($0, 1, Int64(zoom)) } }) { row in
            if case .tile(let id) = Self.address(row) { ids.append(id) }
        }
        return ids.sorted()
    }

    /// Every tile with its stored bytes in the table's order, in one query (no list of addresses
    /// first). Rows outside the grid and rows without tile data (NULL) are left out.
    public func forEachTile(_ body: (TileID, Data) throws -> Void) throws {
        try checkTileCount()
        var failure: (any Error)?
        try step("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles", what: "the tiles", stop: { failure != nil }) { row in
            guard case .tile(let id) = Self.address(row), let data = Self.blob(row, column: 3) else { return }
            do { try body(id, data) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Rows counted up to `limit` + 1, where SQLite stops: a view can join small tables into
    /// billions of rows.
    public func tileCount(upTo limit: Int) throws(TileArchiveError) -> Int? {
        var count = 0
        try step("SELECT COUNT(*) FROM (SELECT 1 FROM tiles LIMIT ?1)", what: "the tile count",
                 bind: { sqlite3_bind_int64($0, 1, Int64(limit) + 1) }) { count = Int(sqlite3_column_int64($0, 0)) }
        return count > limit ? nil : count
    }

    public func firstTile() throws(TileArchiveError) -> (id: TileID, data: Data)? {
        var first: (id: TileID, data: Data)?
        try step("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles", what: "the first tile", stop: { first != nil }) { row in
            guard case .tile(let id) = Self.address(row), let data = Self.blob(row, column: 3) else { return }
            first = (id, data)
        }
        return first
    }

    /// The rows of `tiles` whose zoom, column and row are no tile address (zoom outside 0...30, a
    /// column or row outside 0..<2^zoom), which no reader can place and every copy leaves out: how
    /// many, and the first as "zoom_level Z, tile_column X, tile_row Y"; nil when there are none.
    public func rowsOutsideGrid() throws(TileArchiveError) -> (count: Int, example: String)? {
        var count = 0, example: String?
        try step("SELECT zoom_level, tile_column, tile_row FROM tiles", what: "the tile list") { row in
            guard case .outsideGrid(let z, let x, let tmsRow) = Self.address(row) else { return }
            count += 1
            if example == nil { example = "zoom_level \(z), tile_column \(x), tile_row \(tmsRow)" }
        }
        return example.map { (count, $0) }
    }

    /// A row of `tiles` by its first three columns.
    private enum Address {
        case tile(TileID)
        case outsideGrid(z: Int64, x: Int64, tmsRow: Int64)
    }

    /// The tile the row's zoom_level, tile_column and tile_row (TMS) address, if any.
    private static func address(_ row: OpaquePointer) -> Address {
        let z = sqlite3_column_int64(row, 0), x = sqlite3_column_int64(row, 1), tmsRow = sqlite3_column_int64(row, 2)
        // Rows of another zoom range or outside the grid are not tiles of this pyramid.
        guard (0...30).contains(z), (0..<(Int64(1) << z)).contains(x), (0..<(Int64(1) << z)).contains(tmsRow) else {
            return .outsideGrid(z: z, x: x, tmsRow: tmsRow)
        }
        return .tile(TileID(z: Int(z), x: Int(x), y: (1 << Int(z)) - 1 - Int(tmsRow)))
    }

    /// A blob column's bytes; nil when it is NULL.
    private static func blob(_ row: OpaquePointer, column: Int32) -> Data? {
        guard sqlite3_column_type(row, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(row, column))
        guard count > 0, let bytes = sqlite3_column_blob(row, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Runs `sql` (after `bind`) and hands `body` the statement at each row, until the rows end or
    /// `stop` says so.
    private func step(_ sql: String, what: String, bind: (OpaquePointer) -> Void = { _ in }, stop: () -> Bool = { false },
                      _ body: (OpaquePointer) -> Void) throws(TileArchiveError) {
        let statement = try MBTilesArchive.prepare(db, path: path, what: what, sql)
        defer { sqlite3_finalize(statement) }
        bind(statement)
        while !stop() {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw .readFailed(path: path, what: what, reason: errorMessage()) }
            body(statement)
        }
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
