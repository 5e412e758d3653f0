import Foundation

/// A copy of the embedded Monaco archive with one tile damaged: 14/8529/5974 (XYZ; TMS row
/// 10409) holds a truncated gzip stream, so reading it fails as corrupt, not as unreadable.
public enum DamagedArchive {
    /// The damaged tile's address, as messages name it.
    public static let tile = "14/8529/5974"

    /// Writes the copy into `folder` and returns its path.
    public static func monaco(in folder: URL) throws -> URL {
        let archive = folder.appendingPathComponent("damaged.mbtiles")
        try FileManager.default.copyItem(at: BuiltBinary.repositoryRoot.appendingPathComponent("data/monaco.mbtiles"), to: archive)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: archive.path)
        let sql = "UPDATE tiles SET tile_data = X'1f8b0800000000000003ab' WHERE zoom_level = 14 AND tile_column = 8529 AND tile_row = 10409;"
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()", archive.path, sql]
        try sqlite.run()
        sqlite.waitUntilExit()
        guard sqlite.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: archive.path]) }
        return archive
    }
}
