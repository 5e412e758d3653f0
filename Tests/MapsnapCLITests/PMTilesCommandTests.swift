import Foundation
import MapsnapKit
import MapsnapTiles
import Testing
import MapsnapTestSupport

/// End to end: PMTiles pyramids (resumable through their partial MBTiles), shards merged into a
/// PMTiles, `mapsnap convert` round trips, and PMTiles as the data of a snapshot.
@Suite(.serialized, .tags(.interop))
struct PMTilesCommandTests {
    static let box = "7.415,43.728,7.432,43.740"

    /// The reference reader's view (PyPI's pmtiles, through `MAPSNAP_PYTHON`): tile count and the
    /// header's tile type; nil when it failed (an issue). Where the package is not there the test
    /// is skipped, so each test asks last, after its own checks.
    func referenceView(_ path: String) throws -> String? {
        let python = ProcessInfo.processInfo.environment["MAPSNAP_PYTHON"] ?? "python3"
        let code = """
        import sys
        from pmtiles.reader import Reader, MmapSource, all_tiles
        r = Reader(MmapSource(open(sys.argv[1], 'rb')))
        print(sum(1 for _ in all_tiles(r.get_bytes)), r.header()['tile_type'].name, r.metadata().get('format'))
        """
        let r = try CLIRunner.run([python, "-c", code, path], executable: "/usr/bin/env")
        if r.status != 0 {
            if r.status == 127 || r.stderr.contains("No module named") {
                try TestEnvironment.skip("\(python) cannot import PyPI's pmtiles (scripts/test.sh installs it in .build/browser-venv)")
            }
            Issue.record("the reference reader failed: \(r.stderr)")
            return nil
        }
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aPMTilesPyramidEqualsTheMBTilesOneAndResumesAfterAKill() throws {
        let dir = try CLIRunner.scratch()
        let mbtiles = dir.appendingPathComponent("whole.mbtiles").path, pmtiles = dir.appendingPathComponent("whole.pmtiles").path
        let args = ["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2"]
        #expect(try CLIRunner.run(args + ["-o", mbtiles]).status == 0)
        let r = try CLIRunner.run(args + ["-o", pmtiles])
        #expect(r.status == 0, "\(r.stderr)")
        let expected = try CLIRunner.tiles(mbtiles)
        #expect(try CLIRunner.tiles(pmtiles) == expected)
        #expect(!FileManager.default.fileExists(atPath: pmtiles + ".partial.mbtiles"), "the partial file is removed")
        let archive = try PMTilesTileArchive(path: pmtiles)
        #expect(archive.metadata.format == "png" && archive.metadata.minZoom == 14 && archive.metadata.maxZoom == 16)
        #expect(archive.metadata.attribution?.contains("OpenStreetMap") == true)

        // Again without --resume: refused, named as finished; with --resume: nothing to do, unchanged.
        let again = try CLIRunner.run(args + ["-o", pmtiles])
        #expect(again.status == 2 && again.stderr.contains("already exists"), "\(again.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: pmtiles))
        #expect(try CLIRunner.run(args + ["--resume", "-o", pmtiles]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pmtiles)) == before)

        // Killed: no PMTiles yet, the partial MBTiles holds what was done; --resume finishes it.
        let resumed = dir.appendingPathComponent("resumed.pmtiles").path
        let killed = try CLIRunner.run(args + ["--jobs", "1", "-o", resumed, "--inject-fault", "kill-after-tiles=6"])
        #expect(killed.status == 9 || killed.status == 137, "status \(killed.status)")
        #expect(!FileManager.default.fileExists(atPath: resumed) && FileManager.default.fileExists(atPath: resumed + ".partial.mbtiles"))
        let plain = try CLIRunner.run(args + ["-o", resumed])
        #expect(plain.status == 2 && plain.stderr.contains("unfinished"), "\(plain.stderr)")
        let finish = try CLIRunner.run(args + ["--resume", "-o", resumed])
        #expect(finish.status == 0 && finish.stderr.contains("skipped"), "\(finish.stderr)")
        #expect(try CLIRunner.tiles(resumed) == expected)
        #expect(!FileManager.default.fileExists(atPath: resumed + ".partial.mbtiles"))
        if let view = try referenceView(pmtiles) { #expect(view == "\(expected.count) PNG png", "\(view)") }
    }

    @Test func shardsMergeIntoOnePMTiles() throws {
        let dir = try CLIRunner.scratch()
        let args = ["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2"]
        let whole = dir.appendingPathComponent("whole.mbtiles").path
        #expect(try CLIRunner.run(args + ["-o", whole]).status == 0)
        var shards: [String] = []
        for k in 0..<2 {
            let shard = dir.appendingPathComponent("shard-\(k).\(k == 0 ? "pmtiles" : "mbtiles")").path
            let r = try CLIRunner.run(args + ["--shard", "\(k)/2", "-o", shard])
            #expect(r.status == 0, "\(r.stderr)")
            shards.append(shard)
        }
        let merged = dir.appendingPathComponent("all.pmtiles").path
        let m = try CLIRunner.run(["merge"] + shards + ["-o", merged])
        #expect(m.status == 0, "\(m.stderr)")
        #expect(try CLIRunner.tiles(merged) == (try CLIRunner.tiles(whole)))
    }

    /// Archives compressed with brotli and with zstd (tiles, directories and metadata), written by
    /// the reference (PyPI's pmtiles: its converter from Monaco's MBTiles, then its writer again
    /// through `scripts/pmtiles-interop.py recompress`), draw the very map their gzip twin draws.
    @Test func brotliAndZstdTwinsDrawTheSameMapAsGzip() throws {
        let python = ProcessInfo.processInfo.environment["MAPSNAP_PYTHON"] ?? "python3"
        let script = CLIRunner.repositoryRoot.appendingPathComponent("scripts/pmtiles-interop.py").path
        let ready = try CLIRunner.run([python, "-c", "import pmtiles, brotli, zstandard"], executable: "/usr/bin/env")
        guard ready.status == 0 else {
            try TestEnvironment.skip("\(python) cannot import pmtiles, brotli and zstandard (scripts/install-test-deps.sh installs them): \(ready.stderr)")
        }
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = CLIRunner.repositoryRoot.appendingPathComponent("data/monaco.mbtiles").path
        let gzip = dir.appendingPathComponent("gzip.pmtiles").path
        let made = try CLIRunner.run([python, script, "from-mbtiles", source, gzip], executable: "/usr/bin/env")
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        var images: [String: Data] = [:]
        for method in ["gzip", "brotli", "zstd"] {
            let archive = dir.appendingPathComponent("\(method).pmtiles").path
            if method != "gzip" {
                let r = try CLIRunner.run([python, script, "recompress", gzip, archive, method], executable: "/usr/bin/env")
                #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
                let header = try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive)).prefix(127))
                #expect(header[97] == (method == "brotli" ? 3 : 4) && header[98] == header[97], "internal and tile compression")
            }
            let png = dir.appendingPathComponent("\(method).png")
            let r = try CLIRunner.run(["--tiles", archive, "--center", "43.7360,7.4260", "--zoom", "15", "--size", "400x300", "-o", png.path])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(method): \(r.stderr)")
            images[method] = try Data(contentsOf: png)
        }
        #expect(images["gzip"]!.count > 10_000)
        #expect(images["brotli"] == images["gzip"], "brotli draws what gzip draws, byte for byte")
        #expect(images["zstd"] == images["gzip"], "zstd draws what gzip draws, byte for byte")

        // Converted to an MBTiles, a brotli archive's vector tiles are gzip again: the same map.
        let back = dir.appendingPathComponent("back.mbtiles").path
        let converted = try CLIRunner.run(["convert", dir.appendingPathComponent("brotli.pmtiles").path, back])
        #expect(converted.status == 0, "\(converted.stderr)")
        let again = dir.appendingPathComponent("back.png")
        #expect(try CLIRunner.run(["--tiles", back, "--center", "43.7360,7.4260", "--zoom", "15", "--size", "400x300", "-o", again.path]).status == 0)
        #expect(try Data(contentsOf: again) == images["gzip"])
    }

    @Test func convertRoundTripsAndSnapshotsReadPMTiles() throws {
        let dir = try CLIRunner.scratch()
        let source = CLIRunner.repositoryRoot.appendingPathComponent("data/monaco.mbtiles").path
        let pm = dir.appendingPathComponent("monaco.pmtiles").path, folder = dir.appendingPathComponent("monaco-tiles").path
        let back = dir.appendingPathComponent("back.mbtiles").path
        for (input, output) in [(source, pm), (pm, folder), (folder, back)] {
            let r = try CLIRunner.run(["convert", input, output])
            #expect(r.status == 0 && r.stderr.contains("tiles →"), "\(r.stderr)")
        }
        let original = try CLIRunner.tiles(source)
        #expect(try CLIRunner.tiles(pm) == original && (try CLIRunner.tiles(back)) == original)
        #expect(try PMTilesTileArchive(path: pm).archive.tileCompression == .gzip)
        #expect(try PMTilesTileArchive(path: pm).metadata.vectorLayerIDs == (try MBTilesArchive(path: source)).metadata.vectorLayerIDs)

        // The same snapshot from either archive, and from a style's pmtiles:// URL.
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
        let view = ["--center", "43.7360,7.4260", "--size", "400x300"]
        #expect(try CLIRunner.run(view + ["--tiles", source, "-o", a.path]).status == 0)
        #expect(try CLIRunner.run(view + ["--tiles", pm, "-o", b.path]).status == 0)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))

        let refused = try CLIRunner.run(["convert", pm, back])
        #expect(refused.status == 2 && refused.stderr.contains("already exists"), "\(refused.stderr)")
        let broken = dir.appendingPathComponent("broken.pmtiles")
        try Data("PMTiles but not really".utf8).write(to: broken)
        let bad = try CLIRunner.run(view + ["--tiles", broken.path, "-o", a.path])
        #expect(bad.status == 2 && bad.stderr.contains(broken.path), "\(bad.stderr)")
        if let view = try referenceView(pm) { #expect(view.hasPrefix("\(original.count) MVT pbf"), "\(view)") }
    }
}
