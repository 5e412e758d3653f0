import Foundation
import MapsnapGeo
import MapsnapTiles
import Testing

/// End to end: `mapsnap merge` takes exactly the shards 0…N−1 of one plan and refuses a short or
/// mixed set by name; `--force` replaces an output; a shard resumed with another plan is refused.
@Suite(.serialized)
struct MergeCommandTests {
    static let box = "7.415,43.728,7.432,43.740"

    func render(_ extra: [String], zoom: String = "14-16", to path: String) throws {
        let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", zoom, "--metatile", "2", "-q", "-o", path] + extra)
        #expect(r.status == 0, "\(r.stderr)")
    }

    func shards(_ n: Int, in dir: URL, zoom: String = "14-16") throws -> [String] {
        try (0..<n).map { k in
            let path = dir.appendingPathComponent("shard-\(k).mbtiles").path
            try render(["--shard", "\(k)/\(n)"], zoom: zoom, to: path)
            return path
        }
    }

    @Test func someOfTheShardsAreRefusedNotMergedShort() throws {
        let dir = try CLIRunner.scratch()
        let all = try shards(4, in: dir)
        let out = dir.appendingPathComponent("all.mbtiles").path
        let short = try CLIRunner.run(["merge", all[0], all[1], "-o", out])
        #expect(short.status == 2)
        #expect(short.stderr == "mapsnap: error: shards 2, 3 of 4 are missing (given: 0, 1): merge all 4 shards of the pyramid\n")
        let twice = try CLIRunner.run(["merge", all[0], all[1], all[2], all[2], all[3], "-o", out])
        #expect(twice.status == 2)
        #expect(twice.stderr == "mapsnap: error: \(all[2]) is shard 2/4 again (so is \(all[2])): give each shard once\n")
        #expect(!FileManager.default.fileExists(atPath: out), "no archive is written")
    }

    /// All shards merge into what one run writes: the same tiles and the same recorded plan, so
    /// a resume of the merged archive finds nothing to do.
    @Test func allTheShardsMergeIntoTheSingleRun() throws {
        let dir = try CLIRunner.scratch()
        let whole = dir.appendingPathComponent("whole.mbtiles").path
        try render([], to: whole)
        let out = dir.appendingPathComponent("all.mbtiles").path
        let m = try CLIRunner.run(["merge"] + (try shards(3, in: dir)) + ["-o", out])
        #expect(m.status == 0, "\(m.stderr)")
        #expect(try CLIRunner.tiles(out) == (try CLIRunner.tiles(whole)))
        let merged = try MBTilesArchive(path: out).metadata.raw, single = try MBTilesArchive(path: whole).metadata.raw
        #expect(merged["mapsnap:plan"] == single["mapsnap:plan"] && merged["mapsnap:plan"]?.contains("|shard=|") == true, "\(merged)")
        #expect(merged["mapsnap:complete"] == "true")
        let resume = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "--resume", "-o", out])
        #expect(resume.status == 0 && resume.stderr.contains("0 written"), "\(resume.stderr)")
    }

    @Test func shardsOfAnotherPlanAreNamed() throws {
        let dir = try CLIRunner.scratch()
        let all = try shards(2, in: dir)
        let other = dir.appendingPathComponent("other-1.mbtiles").path
        try render(["--shard", "1/2"], zoom: "14-15", to: other)
        let out = dir.appendingPathComponent("all.mbtiles").path
        let r = try CLIRunner.run(["merge", all[0], other, "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: \(other) was made with zoom 14-15, \(all[0]) (shard 0/2) with zoom 14-16: merge the shards of one pyramid\n")
        let whole = dir.appendingPathComponent("whole.mbtiles").path
        try render([], to: whole)
        let mixed = try CLIRunner.run(["merge", all[0], all[1], whole, "-o", out])
        #expect(mixed.status == 2)
        #expect(mixed.stderr == "mapsnap: error: \(whole) is not a shard, but \(all[0]) (shard 0/2) is: merge the shards of one pyramid\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func forceReplacesAnExistingOutputButNeverAnInput() throws {
        let dir = try CLIRunner.scratch()
        let all = try shards(2, in: dir)
        let out = dir.appendingPathComponent("all.mbtiles").path
        try Data("an older archive".utf8).write(to: URL(fileURLWithPath: out))
        let refused = try CLIRunner.run(["merge"] + all + ["-o", out])
        #expect(refused.status == 2)
        #expect(refused.stderr == "mapsnap: error: --output: \(out) already exists; merge writes a new file (--force replaces it)\n")
        let forced = try CLIRunner.run(["merge"] + all + ["-o", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try CLIRunner.tiles(out).count == (try all.reduce(0) { $0 + (try CLIRunner.tiles($1).count) }))
        let before = try Data(contentsOf: URL(fileURLWithPath: all[0]))
        let onInput = try CLIRunner.run(["merge"] + all + ["-o", dir.appendingPathComponent("./shard-0.mbtiles").path, "--force"])
        #expect(onInput.status == 2)
        #expect(onInput.stderr == "mapsnap: error: --output: \(dir.path)/./shard-0.mbtiles is also input 1 (\(all[0])); merge into another file\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: all[0])) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["all.mbtiles", "shard-0.mbtiles", "shard-1.mbtiles"])
    }

    /// A shard resumed with other zooms was once continued, mixing two plans in one file.
    @Test func aShardResumedWithAnotherPlanIsRefused() throws {
        let dir = try CLIRunner.scratch()
        let shard = dir.appendingPathComponent("shard-0.mbtiles").path
        try render(["--shard", "0/2"], zoom: "12-15", to: shard)
        let before = try CLIRunner.tiles(shard)
        let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "--shard", "0/2", "--resume", "-o", shard])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: --resume: \(shard) was started with --zoom 12-15; this run asks 14-16: resume with the same options, or write to a new output\n")
        #expect(try CLIRunner.tiles(shard) == before)
    }

    /// The same paths but other data (a replaced archive) is another plan.
    @Test func aResumeAfterTheDataChangedIsRefused() throws {
        let dir = try CLIRunner.scratch()
        let data = dir.appendingPathComponent("monaco.mbtiles")
        try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent("data/monaco.mbtiles"), to: data)
        let out = dir.appendingPathComponent("p.mbtiles").path
        try render(["--tiles", data.path], zoom: "14", to: out)
        let edit = try CLIRunner.run(["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"update metadata set value='changed' where name='description'\"); c.commit()", data.path],
                                     executable: "/usr/bin/env")
        #expect(edit.status == 0, "\(edit.stderr)")
        let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14", "--metatile", "2", "--tiles", data.path, "--resume", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("mapsnap: error: --resume: \(out) was started with the data openmaptiles=monaco.mbtiles:"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(": resume with the same options, or write to a new output\n"), "\(r.stderr)")
    }
}
