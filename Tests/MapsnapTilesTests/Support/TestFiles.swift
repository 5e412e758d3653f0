import Foundation
import CSQLite
import CZlib
import Testing

/// Paths of the repository's embedded archives, found from this file's location.
enum RepositoryData {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ name: String) -> String { root.appendingPathComponent("data/\(name)").path }
    static let monaco = path("monaco.mbtiles")
    static let helsinki = path("helsinki.mbtiles")
    static let andorra = path("andorra.mbtiles")
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-tiles-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

struct SQLiteTestError: Error, CustomStringConvertible {
    let description: String
}

/// Creates an SQLite file at `path` through the C API (no `sqlite3` CLI needed), runs `schema`, then
/// inserts each tile (zoom_level, tile_column, tile_row = TMS row, tile_data) and metadata row.
func makeSQLite(at path: String, schema: String, tiles: [(z: Int, x: Int, tmsRow: Int, data: [UInt8])] = [],
                metadata: [(String, String)] = []) throws {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db = handle else {
        sqlite3_close(handle)
        throw SQLiteTestError(description: "cannot create \(path)")
    }
    defer { sqlite3_close(db) }
    func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK || rc == SQLITE_DONE else { throw SQLiteTestError(description: String(cString: sqlite3_errmsg(db))) }
    }
    try check(sqlite3_exec(db, schema, nil, nil, nil))
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for tile in tiles {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, "INSERT INTO tiles VALUES (?1, ?2, ?3, ?4)", -1, &statement, nil))
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(tile.z))
        sqlite3_bind_int64(statement, 2, Int64(tile.x))
        sqlite3_bind_int64(statement, 3, Int64(tile.tmsRow))
        _ = tile.data.withUnsafeBytes { sqlite3_bind_blob(statement, 4, $0.baseAddress, Int32($0.count), transient) }
        try check(sqlite3_step(statement))
    }
    for (name, value) in metadata {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, "INSERT INTO metadata VALUES (?1, ?2)", -1, &statement, nil))
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, name, -1, transient)
        sqlite3_bind_text(statement, 2, value, -1, transient)
        try check(sqlite3_step(statement))
    }
}

/// The MBTiles 1.3 schema (plain tables).
let mbtilesSchema = """
    CREATE TABLE metadata (name text, value text);
    CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);
    CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);
    """

/// Compresses with zlib's deflate: `windowBits` 31 writes gzip, 15 writes zlib.
func deflated(_ input: [UInt8], windowBits: Int32) -> [UInt8] {
    var stream = z_stream()
    precondition(deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                               ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
    var input = input
    let produced = input.withUnsafeMutableBufferPointer { inBuffer in
        output.withUnsafeMutableBufferPointer { outBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            stream.next_out = outBuffer.baseAddress
            stream.avail_out = uInt(outBuffer.count)
            precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
            return outBuffer.count - Int(stream.avail_out)
        }
    }
    return Array(output[..<produced])
}

func gzipped(_ input: [UInt8]) -> [UInt8] { deflated(input, windowBits: 31) }
func zlibbed(_ input: [UInt8]) -> [UInt8] { deflated(input, windowBits: 15) }
