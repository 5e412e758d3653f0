import Foundation
import Testing

/// `mapsnap convert` end to end: what it leaves out is said, what is wrong is named on the right
/// side (input or output, the paths the user gave), and an interrupted or killed run leaves no
/// partial output behind for long. Messages are pinned verbatim.
@Suite(.serialized)
struct ConvertCommandTests {
    static let monaco = CLIRunner.repositoryRoot.appendingPathComponent("data/monaco.mbtiles").path
    static let regressions = CLIRunner.repositoryRoot.appendingPathComponent("Tests/FuzzRegressions/pmtiles").path

    /// The names in `dir`, hidden ones too.
    static func names(_ dir: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }

    /// Runs python3's sqlite3 on a copy of Monaco's MBTiles at `path`.
    static func monacoCopy(at path: String, sql: String) throws {
        try FileManager.default.copyItem(atPath: monaco, toPath: path)
        let code = "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\ndb.executescript(sys.argv[2])\ndb.commit()"
        let r = try CLIRunner.run(["python3", "-c", code, path, sql], executable: "/usr/bin/env")
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func anOutputNamedWithATrailingSlashIsTheFolder() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("tiles").path + "/"
        let r = try CLIRunner.run(["convert", Self.monaco, output])
        #expect(r.status == 0 && r.stderr == "convert: 53 tiles → \(output)\n", "\(r.stderr)")
        #expect(Self.names(dir) == ["tiles"])
        #expect(FileManager.default.fileExists(atPath: output + "metadata.json") && FileManager.default.fileExists(atPath: output + "14"))
    }

    /// SIGTERM mid-copy (sent by the process to itself after three tiles, through the same
    /// handler): the partial output is removed, one error line says so, and the process ends by
    /// the signal. For each kind of output.
    @Test(arguments: ["out.mbtiles", "out.pmtiles", "out/"])
    func sigtermRemovesThePartialOutput(name: String) throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.path + "/" + name
        let r = try CLIRunner.run(["convert", Self.monaco, output, "--inject-fault", "signal-after-tiles=3"])
        #expect(r.status == SIGTERM, "ended by SIGTERM, not \(r.status)")
        #expect(r.stderr == "mapsnap: error: \(output): interrupted by SIGTERM before it was finished; nothing was written\n", "\(r.stderr)")
        #expect(Self.names(dir) == [], "left \(Self.names(dir))")
    }

    /// What a run killed outright left (`OUT.partial-PID`, a PMTiles spool, a writer's temporary
    /// file) is removed by the next run once its process is gone; a live process's is kept.
    @Test func aLaterRunRemovesThePartialsOfDeadRuns() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = ended.processIdentifier, alive = getpid()
        let out = dir.appendingPathComponent("out.pmtiles").path
        try FileManager.default.createDirectory(atPath: "\(out).partial-\(dead)/14", withIntermediateDirectories: true)
        for name in ["out.pmtiles.partial-\(dead).tmp-tiles", ".out.pmtiles.partial-\(dead).tmp-Ab12Cd", "out.pmtiles.partial-\(alive)",
                     "out.pmtiles.partial-\(dead)x", "other.pmtiles.partial-\(dead)"] {
            try Data("x".utf8).write(to: dir.appendingPathComponent(name))
        }
        let r = try CLIRunner.run(["convert", Self.monaco, out])
        #expect(r.status == 0, "\(r.stderr)")
        let removed = [".out.pmtiles.partial-\(dead).tmp-Ab12Cd", "out.pmtiles.partial-\(dead)", "out.pmtiles.partial-\(dead).tmp-tiles"]
        #expect(r.stderr == removed.map { "mapsnap: warning: removed \(dir.path)/\($0), the unfinished output of an earlier run that was stopped\n" }.joined()
                + "convert: 53 tiles → \(out)\n", "\(r.stderr)")
        #expect(Self.names(dir) == ["other.pmtiles.partial-\(dead)", "out.pmtiles", "out.pmtiles.partial-\(alive)", "out.pmtiles.partial-\(dead)x"].sorted())
    }

    /// Rows outside the z/x/y grid are counted and named, not dropped in silence; when they are
    /// all there is, nothing is written and the run fails.
    @Test func rowsOutsideTheGridAreReported() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let some = dir.appendingPathComponent("some.mbtiles").path
        try Self.monacoCopy(at: some, sql: "INSERT INTO tiles VALUES (3, 9, 0, x'00'); INSERT INTO tiles VALUES (40, 0, 0, x'00');")
        let out = dir.appendingPathComponent("some.pmtiles").path
        let r = try CLIRunner.run(["convert", some, out])
        #expect(r.status == 0)
        #expect(r.stderr == "mapsnap: warning: \(some): 2 rows of its tiles table are outside the z/x/y grid and were not converted "
                + "(the first: zoom_level 3, tile_column 9, tile_row 0)\nconvert: 53 tiles → \(out)\n", "\(r.stderr)")

        let only = dir.appendingPathComponent("only.mbtiles").path
        try Self.monacoCopy(at: only, sql: "DELETE FROM tiles; INSERT INTO tiles VALUES (3, 9, 0, x'00');")
        let none = try CLIRunner.run(["convert", only, dir.appendingPathComponent("none.mbtiles").path])
        #expect(none.status == 2)
        #expect(none.stderr == "mapsnap: error: input: \(only) holds no tiles in the z/x/y grid, only 1 row outside it "
                + "(the first: zoom_level 3, tile_column 9, tile_row 0); nothing to convert\n", "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.mbtiles").path))
    }

    /// Problems of the input are the input's, named by the path given; an input folder that holds
    /// no tiles says so (it is not being written to).
    @Test func inputProblemsAreLabelledInput() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let loop = "\(Self.regressions)/leaf-refers-to-itself.pmtiles"
        for output in ["c.pmtiles", "c.mbtiles"] {
            let r = try CLIRunner.run(["convert", loop, dir.appendingPathComponent(output).path])
            #expect(r.status == 2)
            #expect(r.stderr == "mapsnap: error: input: \(loop): the directory tree is corrupt: the leaf directory at byte 0 "
                    + "of the leaf directories is listed twice or overlaps another leaf\n", "\(r.stderr)")
        }
        let empty = dir.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let r = try CLIRunner.run(["convert", empty, dir.appendingPathComponent("c.mbtiles").path])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: input: \(empty): not a folder of z/x/y tiles: it holds no tile files named like "
                + "14/8529/5974.png (ZOOM/X/Y.png, .webp, .jpg, .pbf or .mvt)\n", "\(r.stderr)")
        #expect(Self.names(dir) == ["empty"])
    }

    /// A PMTiles run of 2³²-1 tiles: kept as a run in a PMTiles (in moments); refused before any
    /// work for an MBTiles or a folder, which would hold each tile.
    @Test func aRunOfFourBillionTilesIsKeptOrRefused() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sea = "\(Self.regressions)/run-of-4-billion-tiles.pmtiles"
        let kept = dir.appendingPathComponent("sea.pmtiles").path
        let r = try CLIRunner.run(["convert", sea, kept])
        #expect(r.status == 0 && r.stderr == "convert: 4294967295 tiles → \(kept)\n", "\(r.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: kept)[.size] as? Int ?? 0
        #expect(size < 1000, "one entry, one tile: \(size) bytes")
        for output in ["sea.mbtiles", "sea/"] {
            let refused = try CLIRunner.run(["convert", sea, dir.appendingPathComponent(output).path])
            #expect(refused.status == 2)
            #expect(refused.stderr == "mapsnap: error: input: \(sea): holds more than 400000000 tiles (runs of identical tiles counted "
                    + "tile by tile), more than mapsnap copies one by one; a .pmtiles output keeps the runs\n", "\(refused.stderr)")
        }
        #expect(Self.names(dir) == ["sea.pmtiles"])
    }

    /// An output that exists and is no archive is said to exist (not "file is not a database");
    /// a PMTiles pyramid's own partial file is named only to say what to remove.
    @Test func anExistingOutputThatIsNoArchiveIsNamedAsSuch() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiles = ["tiles", "--bbox", "7.415,43.728,7.432,43.740", "--zoom", "15", "-o"]
        let mbtiles = dir.appendingPathComponent("t.mbtiles").path
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: mbtiles))
        let a = try CLIRunner.run(tiles + [mbtiles])
        #expect(a.status == 2)
        #expect(a.stderr == "mapsnap: error: --output: \(mbtiles) already exists and is not an MBTiles archive (not an SQLite database); "
                + "write to a new output (or remove it first)\n", "\(a.stderr)")
        let pmtiles = dir.appendingPathComponent("t.pmtiles").path
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: pmtiles))
        let b = try CLIRunner.run(tiles + [pmtiles])
        #expect(b.status == 2)
        #expect(b.stderr == "mapsnap: error: --output: \(pmtiles) already exists and cannot be added to: not a PMTiles archive "
                + "(7 bytes, shorter than the 127-byte header); write to a new output (or remove it first)\n", "\(b.stderr)")
        try FileManager.default.removeItem(atPath: pmtiles)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: pmtiles + ".partial.mbtiles"))
        let c = try CLIRunner.run(tiles + [pmtiles])
        #expect(c.status == 2)
        #expect(c.stderr == "mapsnap: error: --output: \(pmtiles): the tiles of its unfinished run (\(pmtiles).partial.mbtiles) are not "
                + "an MBTiles archive (not an SQLite database); remove that file to start again\n", "\(c.stderr)")
        let d = try CLIRunner.run(["convert", Self.monaco, mbtiles])
        #expect(d.status == 2 && d.stderr == "mapsnap: error: output: \(mbtiles) already exists; write to a new output (or remove it first)\n", "\(d.stderr)")
    }
}
