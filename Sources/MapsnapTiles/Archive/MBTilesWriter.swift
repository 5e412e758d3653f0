import Foundation
internal import CSQLite
import MapsnapGeo

/// Writes raster tiles to an MBTiles 1.3 file with the deduplicating images/map layout: each
/// distinct image is stored once (a sea tile, an empty tile) and `tiles` is a view, as the spec
/// allows. Writes are grouped in transactions, so a process killed at any moment leaves a valid
/// file holding every tile committed before; `--resume` continues it.
///
/// One connection; not for concurrent use (give it one writer thread).
public final class MBTilesWriter {
    public let path: String
    private let db: OpaquePointer
    private var insertImage: OpaquePointer?
    private var insertMap: OpaquePointer?
    private var pending = 0
    private var knownImages: Set<String> = []
    /// Tiles per transaction: large enough to be fast, small enough that a kill loses little.
    public var batchSize = 256

    /// Opens (or creates) `path`. An existing file must be a raster MBTiles of this layout with
    /// format png; `allowExisting: false` refuses an existing file instead of adding to it.
    public init(path: String, allowExisting: Bool) throws(TileArchiveError) {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if exists && !allowExisting { throw .alreadyExists(path: path) }
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db = handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: reason)
        }
        self.db = db
        do {
            try exec("PRAGMA synchronous = NORMAL")
            if exists { try checkExisting() } else { try createSchema() }
            insertImage = try prepare("INSERT OR IGNORE INTO images (tile_id, tile_data) VALUES (?1, ?2)")
            insertMap = try prepare("INSERT OR REPLACE INTO map (zoom_level, tile_column, tile_row, tile_id) VALUES (?1, ?2, ?3, ?4)")
            try exec("BEGIN")
        } catch {
            sqlite3_finalize(insertImage)
            sqlite3_finalize(insertMap)
            sqlite3_close_v2(db)
            throw error
        }
    }

    deinit {
        sqlite3_finalize(insertImage)
        sqlite3_finalize(insertMap)
        sqlite3_close_v2(db)
    }

    private func createSchema() throws(TileArchiveError) {
        for sql in [
            "CREATE TABLE metadata (name TEXT, value TEXT)",
            "CREATE UNIQUE INDEX metadata_name ON metadata (name)",
            "CREATE TABLE images (tile_id TEXT, tile_data BLOB)",
            "CREATE UNIQUE INDEX images_id ON images (tile_id)",
            "CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT)",
            "CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row)",
            """
            CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
              map.tile_row AS tile_row, images.tile_data AS tile_data FROM map JOIN images ON images.tile_id = map.tile_id
            """,
        ] { try exec(sql) }
    }

    /// An existing file must have our layout and hold PNG tiles.
    private func checkExisting() throws(TileArchiveError) {
        let tables = Set(try strings("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"))
        for needed in ["metadata", "images", "map", "tiles"] where !tables.contains(needed) {
            throw .incompatible(path: path, reason: "not a mapsnap raster MBTiles (no '\(needed)' table or view)")
        }
        let format = try strings("SELECT value FROM metadata WHERE name = 'format'").first
        if let format, format != "png" {
            throw .incompatible(path: path, reason: "holds '\(format)' tiles, not png")
        }
    }

    /// Every tile already stored at zoom `z` (to skip them when resuming).
    public func existingTiles(z: Int) throws(TileArchiveError) -> Set<TileID> {
        let stmt = try prepare("SELECT tile_column, tile_row FROM map WHERE zoom_level = ?1")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(z))
        var out: Set<TileID> = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            let x = Int(sqlite3_column_int64(stmt, 0)), row = Int(sqlite3_column_int64(stmt, 1))
            guard (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(row) else { continue }
            out.insert(TileID(z: z, x: x, y: (1 << z) - 1 - row))
        }
        return out
    }

    /// Stores one tile (XYZ address; flipped to TMS inside). Identical images are stored once.
    public func write(_ id: TileID, data: Data) throws(TileArchiveError) {
        try write(id, key: try store(data, tile: id))
    }

    /// Stores every tile of `run`, its bytes hashed and stored once.
    public func write(_ run: TileRun) throws(TileArchiveError) {
        let key = try store(run.data, tile: run.first)
        for offset in 0..<UInt64(run.count) {
            try write(HilbertTileID.tile(for: run.firstID + offset)!, key: key)
        }
    }

    /// The content key of `data`, its image stored the first time it is seen.
    private func store(_ data: Data, tile id: TileID) throws(TileArchiveError) -> String {
        let key = TileHash.hex(data)
        if !knownImages.contains(key) {
            sqlite3_reset(insertImage)
            bind(insertImage, 1, key)
            _ = data.withUnsafeBytes { sqlite3_bind_blob(insertImage, 2, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
            try step(insertImage, what: "tile \(id)")
            knownImages.insert(key)
        }
        return key
    }

    private func write(_ id: TileID, key: String) throws(TileArchiveError) {
        sqlite3_reset(insertMap)
        sqlite3_bind_int64(insertMap, 1, Int64(id.z))
        sqlite3_bind_int64(insertMap, 2, Int64(id.x))
        sqlite3_bind_int64(insertMap, 3, Int64(id.tmsRow))
        bind(insertMap, 4, key)
        try step(insertMap, what: "tile \(id)")
        pending += 1
        if pending >= batchSize { try commit() }
    }

    /// Makes everything written so far durable.
    public func commit() throws(TileArchiveError) {
        try exec("COMMIT")
        try exec("BEGIN")
        pending = 0
    }

    /// Writes the metadata rows (replacing earlier values) and commits.
    public func writeMetadata(_ metadata: [String: String]) throws(TileArchiveError) {
        let stmt = try prepare("INSERT OR REPLACE INTO metadata (name, value) VALUES (?1, ?2)")
        defer { sqlite3_finalize(stmt) }
        for key in metadata.keys.sorted() {
            sqlite3_reset(stmt)
            bind(stmt, 1, key)
            bind(stmt, 2, metadata[key]!)
            try step(stmt, what: "metadata")
        }
        try exec("COMMIT")
        try exec("BEGIN")
    }

    /// The stored metadata.
    public func metadata() throws(TileArchiveError) -> [String: String] {
        let stmt = try prepare("SELECT name, value FROM metadata")
        defer { sqlite3_finalize(stmt) }
        var out: [String: String] = [:]
        while sqlite3_step(stmt) == SQLITE_ROW {
            if let n = sqlite3_column_text(stmt, 0), let v = sqlite3_column_text(stmt, 1) {
                out[String(cString: n)] = String(cString: v)
            }
        }
        return out
    }

    // MARK: SQLite helpers

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    private var SQLITE_TRANSIENT: sqlite3_destructor_type { Self.transient }

    private func bind(_ stmt: OpaquePointer?, _ index: Int32, _ text: String) {
        sqlite3_bind_text(stmt, index, text, -1, Self.transient)
    }

    private func step(_ stmt: OpaquePointer?, what: String) throws(TileArchiveError) {
        let rc = sqlite3_step(stmt)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            throw .writeFailed(path: path, what: what, reason: String(cString: sqlite3_errmsg(db)))
        }
    }

    private func exec(_ sql: String) throws(TileArchiveError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            if sql.hasPrefix("CREATE") { throw .cannotOpen(path: path, reason: reason) }
            throw .writeFailed(path: path, what: sql.split(separator: " ").first.map(String.init) ?? sql, reason: reason)
        }
    }

    private func prepare(_ sql: String) throws(TileArchiveError) -> OpaquePointer {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw .incompatible(path: path, reason: String(cString: sqlite3_errmsg(db)))
        }
        return stmt
    }

    private func strings(_ sql: String) throws(TileArchiveError) -> [String] {
        let stmt = try prepare(sql)
        defer { sqlite3_finalize(stmt) }
        var out: [String] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            if let t = sqlite3_column_text(stmt, 0) { out.append(String(cString: t)) }
        }
        return out
    }
}

/// A 128-bit content key for deduplicating tile images: two independently mixed 64-bit hashes
/// plus the length. Not cryptographic; a collision
/// between two map tiles is not a practical concern at 128 bits. Also the server's strong `ETag`.
public enum TileHash {
    /// Eight bytes per step in two independently mixed lanes (a byte at a time was 1.6 % of a
    /// static image's time in the server, which hashes every body for its ETag).
    public static func hex(_ data: Data) -> String {
        var h1: UInt64 = 0xcbf2_9ce4_8422_2325
        var h2: UInt64 = 0x8422_2325_cbf2_9ce4
        data.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                let w = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                h1 = (h1 ^ w) &* 0x9e37_79b9_7f4a_7c15
                h1 ^= h1 >> 29
                h2 = (h2 &+ w) &* 0xc2b2_ae3d_27d4_eb4f
                h2 = (h2 << 31) | (h2 >> 33)
            }
            for b in raw[(words * 8)...] {
                h1 = (h1 ^ UInt64(b)) &* 0x0000_0100_0000_01b3
                h2 = (h2 &+ UInt64(b)) &* 0xc2b2_ae3d_27d4_eb4f
            }
        }
        return String(mixed(h1), radix: 16) + String(mixed(h2 ^ h1), radix: 16) + "-" + String(data.count)
    }

    /// MurmurHash3's finalizer: every input bit reaches every output bit.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k = k &* 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k = k &* 0xc4ce_b9fe_1a85_ec53
        return k ^ (k >> 33)
    }
}
