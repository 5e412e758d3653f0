import Foundation
import Testing

/// A tile the archive cannot read (an SQLite error, a file cut short) fails the render, naming the
/// archive and the tile: exit 1 and no file, a failed batch item. Drawing on without it gave a
/// map with a hole (or a blank one) and exit 0. A tile whose bytes are read and do not decode is
/// still skipped with a warning (`TileCases` in the hostile tests). The server's side is
/// `ServeTileReadFailureTests`.
@Suite struct TileReadFailureTests {
    /// Monaco's archive with the `tiles` table's root page overwritten: the file opens (schema and
    /// metadata are on other pages), every tile read is SQLite's "database disk image is malformed".
    static func damagedArchive(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("damaged.mbtiles").path
        var bytes = try Data(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("data/monaco.mbtiles"))
        let pageSize = 4096, tilesRootPage = 4   // sqlite_master: tiles|4 (page 1 is the first)
        bytes.replaceSubrange((tilesRootPage - 1) * pageSize..<tilesRootPage * pageSize, with: Data(repeating: 0xff, count: pageSize))
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aSnapshotFailsNamingTheArchiveAndTile() throws {
        let dir = try CLIRunner.scratch()
        let archive = try Self.damagedArchive(in: dir)
        let out = dir.appendingPathComponent("map.png")
        let r = try CLIRunner.run(["--tiles", archive, "--center", "43.7360,7.4260", "--zoom", "15", "--size", "200x150", "-o", out.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("mapsnap: error: \(archive): cannot read tile 14/"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(": database disk image is malformed; the image is not drawn without that tile's data\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aBatchItemFailsAlone() throws {
        let dir = try CLIRunner.scratch()
        let archive = try Self.damagedArchive(in: dir)
        let manifest = dir.appendingPathComponent("items.jsonl")
        try Data(#"{"id": "a", "center": [43.7360, 7.4260], "zoom": 15, "size": [64, 48]}"#.utf8).write(to: manifest)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["batch", manifest.path, "--tiles", archive, "-o", out.path, "--jobs", "1", "-q"])
        #expect(r.status == 1, "\(r.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("batch-report.csv"), encoding: .utf8)
        #expect(report.contains("a,failed,,line 1: \(archive): cannot read tile 14/"), "\(report)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("a.png").path))
    }
}
