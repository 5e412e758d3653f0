import Foundation
import Testing

/// A corrupt source tile under a served image: the image is drawn without it (200, as MapLibre
/// skips a tile it cannot parse) and the server's log names the archive and the tile, once for
/// the server's life however many requests meet it.
@Suite(.serialized)
struct ServeCorruptTileTests {
    @Test func aCorruptSourceTileIsWarnedOnceInTheLog() throws {
        let dir = try ServerProcess.scratch()
        let archive = dir.appendingPathComponent("damaged.mbtiles")
        try FileManager.default.copyItem(at: ServerProcess.repositoryRoot.appendingPathComponent("data/monaco.mbtiles"), to: archive)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: archive.path)
        // 14/8529/5974 (XYZ) is TMS row 10409: its gzip stream replaced by a truncated one.
        let sql = "UPDATE tiles SET tile_data = X'1f8b0800000000000003ab' WHERE zoom_level = 14 AND tile_column = 8529 AND tile_row = 10409;"
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()", archive.path, sql]
        try sqlite.run()
        sqlite.waitUntilExit()
        try #require(sqlite.terminationStatus == 0)

        let server = try ServerProcess(["--style", "light", "--tiles", archive.path, "--jobs", "1"])
        // The damaged tile's middle, at a zoom drawn from zoom-14 tiles, twice.
        for _ in 0..<2 {
            let r = try HTTPTestClient.get(server.port, "/static?center=43.73141,7.41577&zoom=15&size=300x200")
            #expect(r.status == 200, "\(r.status) \(r.text)")
        }
        #expect(server.stop() == 0)
        let warnings = server.stderr.split(separator: "\n").filter { $0.contains("is corrupt") }
        #expect(warnings.count == 1, "\(server.stderr)")
        #expect(warnings.first?.hasPrefix("mapsnap: warning: \(archive.path): tile 14/8529/5974 is corrupt") == true, "\(server.stderr)")
    }
}
