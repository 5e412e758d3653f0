import Foundation
import MapsnapKit
import Testing
import MapsnapGeo
import MapsnapTiles

/// End to end: `mapsnap tiles` and `mapsnap merge` — outputs, resume after a hard kill, shards,
/// GDAL's reading of the MBTiles, and bad input.
@Suite(.serialized)
struct TilesCommandTests {
    static let box = "7.415,43.728,7.432,43.740"

    @Test func mbtilesHasTheTilesAndMetadataAndGDALReadsIt() throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("harbour.mbtiles").path
        let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--jobs", "2", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("written"), "\(r.stderr)")
        let archive = try MBTilesArchive(path: out)
        #expect(archive.metadata.format == "png")
        #expect(archive.metadata.minZoom == 14 && archive.metadata.maxZoom == 16)
        #expect(archive.metadata.raw["type"] == "baselayer")
        #expect(archive.metadata.attribution?.contains("© OpenStreetMap contributors") == true)
        let expected = [14, 15, 16].reduce(0) { n, z in n + TileRange.covering(BoundingBox(west: 7.415, south: 43.728, east: 7.432, north: 43.740), z: z).reduce(0) { $0 + $1.count } }
        #expect(try archive.tileIDs().count == expected)

        // GDAL must open it and see the bounds and zoom levels.
        let gdal = Process()
        gdal.executableURL = URL(fileURLWithPath: "/usr/bin/gdalinfo")
        gdal.arguments = ["-json", out]
        let pipe = Pipe()
        gdal.standardOutput = pipe
        gdal.standardError = Pipe()
        try gdal.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        gdal.waitUntilExit()
        #expect(gdal.terminationStatus == 0)
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let meta = (info["metadata"] as? [String: Any])?[""] as? [String: String] ?? [:]
        #expect(meta["ZOOM_LEVEL"] == "16", "\(meta)")
        #expect(meta["minzoom"] == "14" && meta["maxzoom"] == "16", "\(meta)")
        let wgs84 = info["wgs84Extent"] as? [String: Any]
        let ring = ((wgs84?["coordinates"] as? [[[Double]]])?.first) ?? []
        let lons = ring.map { $0[0] }, lats = ring.map { $0[1] }
        // GDAL reports the metadata bounds (to its pixel grid).
        #expect(abs(lons.min()! - 7.415) < 1e-4 && abs(lons.max()! - 7.432) < 1e-4, "\(ring)")
        #expect(abs(lats.min()! - 43.728) < 1e-4 && abs(lats.max()! - 43.740) < 1e-4, "\(ring)")
    }

    /// A 2×2 block of tiles is the same picture as a snapshot of that area at that zoom.
    @Test(arguments: [1, 2])
    func stitchedTilesEqualASnapshot(scale: Int) throws {
        let dir = try CLIRunner.scratch()
        let folder = dir.appendingPathComponent("tiles").path
        let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "16", "--scale", "\(scale)", "-o", folder])
        #expect(r.status == 0, "\(r.stderr)")
        let z = 16
        let range = TileRange.covering(BoundingBox(west: 7.415, south: 43.728, east: 7.432, north: 43.740), z: z)[0]
        let x0 = range.columns.lowerBound + 1, y0 = range.rows.lowerBound + 1   // a 2×2 block inside the box
        let side = 256 * scale
        let stitched = try RasterImage(pixelWidth: 2 * side, pixelHeight: 2 * side)
        // Compose with the tiles' own pixels.
        var tilesImages: [[RasterImage]] = []
        for dy in 0..<2 {
            var row: [RasterImage] = []
            for dx in 0..<2 { row.append(try RasterImage(pngFile: "\(folder)/\(z)/\(x0 + dx)/\(y0 + dy).png")) }
            tilesImages.append(row)
        }
        stitched.withPixels { dst, dstStride in
            for dy in 0..<2 { for dx in 0..<2 {
                tilesImages[dy][dx].withPixels { src, srcStride in
                    for y in 0..<side {
                        memcpy(UnsafeMutableRawPointer(mutating: dst + (dy * side + y) * dstStride + dx * side * 4), src + y * srcStride, side * 4)
                    }
                }
            } }
        }
        // The same area as a snapshot: MapLibre zoom z − 1, centered on the block.
        let snapper = try Snapshotter(StyleSelection())
        let center = WebMercator.unproject(Point(x: Double(x0 + 1) * 256, y: Double(y0 + 1) * 256), zoom: Double(z) - 1)
        let camera = Camera(center: center, zoom: Double(z) - 1, size: ImageSize(width: 512, height: 512), pixelRatio: Double(scale))
        let snapshot = try snapper.renderer.render(camera)
        var differing = 0
        for y in 0..<(2 * side) { for x in 0..<(2 * side) {
            let a = stitched.rgba(x: x, y: y), b = snapshot.rgba(x: x, y: y)
            if max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) > 24 { differing += 1 }
        } }
        // Geometry agrees to the pixel; labels near the block's edges may be placed differently.
        let fraction = Double(differing) / Double(4 * side * side)
        if fraction >= 0.04 {
            // Both pictures beside the failure, to see what differs.
            try? stitched.pngData().write(to: dir.appendingPathComponent("stitched.png"))
            try? snapshot.pngData().write(to: dir.appendingPathComponent("snapshot.png"))
        }
        #expect(fraction < 0.04, "\(differing) pixels differ (\(fraction * 100) %); stitched.png and snapshot.png in \(dir.path)")
    }

    /// A pyramid mapsnap made, drawn back as a `raster` layer (256-px tiles, read one zoom deeper
    /// as MapLibre reads them): the raster map equals the vector map it was made from, and the
    /// raster paint properties apply (saturation −1 is grey).
    @Test func aPyramidDrawnAsARasterLayerIsTheSameMap() throws {
        let dir = try CLIRunner.scratch()
        let archive = dir.appendingPathComponent("base.mbtiles").path
        let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "16", "-o", archive])
        #expect(r.status == 0, "\(r.stderr)")
        func style(_ paint: String) throws -> String {
            let path = dir.appendingPathComponent("raster-\(UUID()).json").path
            try #"{"version": 8, "sources": {"base": {"type": "raster", "url": "mbtiles://base.mbtiles", "tileSize": 256}},"#
                .appending(#" "layers": [{"id": "base", "type": "raster", "source": "base", "paint": {\#(paint)}}]}"#)
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let camera = Camera(center: LatLon(43.7340, 7.4235), zoom: 15, size: ImageSize(width: 400, height: 300))
        let raster = try Snapshotter(StyleSelection(style: .file(try style(""))))
        let vector = try Snapshotter(StyleSelection())
        let a = try raster.renderer.render(camera), b = try vector.renderer.render(camera)
        var differing = 0
        for y in 0..<300 { for x in 0..<400 {
            let p = a.rgba(x: x, y: y), q = b.rgba(x: x, y: y)
            if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 24 { differing += 1 }
        } }
        // Geometry agrees to the pixel; only labels differ (a metatile places its own, whole ones).
        // A tile misplaced or read at the wrong zoom would change most of the image.
        #expect(Double(differing) / 120_000 < 0.08, "\(differing) pixels differ")
        let grey = try Snapshotter(StyleSelection(style: .file(try style(#""raster-saturation": -1"#)))).renderer.render(camera)
        var coloured = 0
        for y in stride(from: 0, to: 300, by: 7) { for x in stride(from: 0, to: 400, by: 7) {
            let p = grey.rgba(x: x, y: y)
            if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 2 { coloured += 1 }
        } }
        #expect(coloured == 0, "\(coloured) sampled pixels keep their colour")
        // Where a tile is missing, its parent shows (as in MapLibre): no hole in the map. The
        // archive has zooms 15 and 16, then loses the zoom-16 tiles east of the center.
        let r15 = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "15-16", "-o", archive + ".both.mbtiles"])
        #expect(r15.status == 0, "\(r15.stderr)")
        try FileManager.default.removeItem(atPath: archive)
        try FileManager.default.moveItem(atPath: archive + ".both.mbtiles", toPath: archive)
        let cut = try CLIRunner.run(["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('delete from map where zoom_level = 16 and tile_column >= 34119'); c.commit(); print(c.total_changes)", archive],
                                    executable: "/usr/bin/env")
        #expect(cut.status == 0 && (Int(cut.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(cut.stderr)")
        let holey = try Snapshotter(StyleSelection(style: .file(try style("")))).renderer.render(camera)
        var transparent = 0
        for y in stride(from: 0, to: 300, by: 5) { for x in stride(from: 0, to: 400, by: 5) where holey.rgba(x: x, y: y).a < 255 { transparent += 1 } }
        #expect(transparent == 0, "\(transparent) sampled pixels show no tile")
        // A corrupt raster tile is named in one warning and left out; the image is still written.
        let spoil = try CLIRunner.run(["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"update images set tile_data = x'00112233445566778899aabbccddeeff'\"); c.commit()", archive],
                                      executable: "/usr/bin/env")
        #expect(spoil.status == 0, "\(spoil.stderr)")
        let output = dir.appendingPathComponent("spoilt.png").path
        let spoilt = try CLIRunner.run(["--style", try style(""), "--center", "43.7340,7.4235", "--zoom", "15", "--size", "200x100", "-o", output])
        #expect(spoilt.status == 0 && FileManager.default.fileExists(atPath: output), "\(spoilt.stderr)")
        #expect(spoilt.stderr.contains("is not a readable image (not a PNG, JPEG or WebP image); skipped"), "\(spoilt.stderr)")
        // A raster source without a local archive is refused, naming it.
        let remote = dir.appendingPathComponent("remote.json").path
        try #"{"version": 8, "sources": {"sat": {"type": "raster", "tiles": ["https://example.com/{z}/{x}/{y}.jpg"]}}, "layers": [{"id": "s", "type": "raster", "source": "sat"}]}"#
            .write(toFile: remote, atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["--style", remote, "-o", dir.appendingPathComponent("x.png").path])
        #expect(refused.status != 0 && refused.stderr.contains("raster source 'sat'"), "\(refused.stderr)")
    }

    @Test func killedRunResumesToTheSameResult() throws {
        let dir = try CLIRunner.scratch()
        let whole = dir.appendingPathComponent("whole.mbtiles").path
        let resumed = dir.appendingPathComponent("resumed.mbtiles").path
        #expect(try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "-o", whole]).status == 0)
        // A hard kill (SIGKILL) after 6 tiles, from inside, so the test does not depend on timing.
        let killed = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "--jobs", "1", "-o", resumed, "--inject-fault", "kill-after-tiles=6"])
        #expect(killed.status == 9 || killed.status == 137, "status \(killed.status)")
        let partial = try CLIRunner.tiles(resumed).count
        #expect(partial < (try CLIRunner.tiles(whole)).count)
        let again = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "--resume", "-o", resumed])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("skipped"), "\(again.stderr)")
        #expect(try CLIRunner.tiles(resumed) == (try CLIRunner.tiles(whole)))
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])", resumed]
        let pipe = Pipe()
        check.standardOutput = pipe
        try check.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
    }

    @Test func killedFolderRunLeavesNoTruncatedFile() throws {
        let dir = try CLIRunner.scratch()
        let folder = dir.appendingPathComponent("tiles").path
        _ = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "15-16", "--metatile", "2", "--jobs", "1", "-o", folder, "--inject-fault", "kill-after-tiles=5"])
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for f in files where !f.hasSuffix(".json") && f.split(separator: "/").count == 3 {
            #expect(f.hasSuffix(".png"), "stray file \(f)")
            #expect((try? RasterImage(pngFile: folder + "/" + f)) != nil, "\(f) is not a whole PNG")
        }
        // A temporary file as a kill in the middle of writing a tile leaves it.
        try Data().write(to: URL(fileURLWithPath: folder + "/15/.17031.png.tmp-99999"), options: []) 
        let again = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "15-16", "--metatile", "2", "--resume", "-o", folder])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/15/.17031.png.tmp-99999"), "the stale temporary file is removed")
        // The resumed folder equals an uninterrupted run, tile for tile.
        let whole = dir.appendingPathComponent("whole").path
        #expect(try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "15-16", "--metatile", "2", "-o", whole, "-q"]).status == 0)
        let pngs = (FileManager.default.enumerator(atPath: whole)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".png") }
        #expect(pngs.count > 10)
        for f in pngs { #expect(FileManager.default.contents(atPath: folder + "/" + f) == FileManager.default.contents(atPath: whole + "/" + f), "\(f)") }
    }

    @Test func shardsMergeIntoTheSingleRun() throws {
        let dir = try CLIRunner.scratch()
        let whole = dir.appendingPathComponent("whole.mbtiles").path
        #expect(try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "-o", whole]).status == 0)
        var shards: [String] = []
        for k in 0..<3 {
            let s = dir.appendingPathComponent("shard\(k).mbtiles").path
            let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "--shard", "\(k)/3", "-o", s])
            #expect(r.status == 0, "\(r.stderr)")
            shards.append(s)
        }
        let counts = try shards.map { try CLIRunner.tiles($0).count }
        #expect(counts.allSatisfy { $0 > 0 }, "every shard gets work: \(counts)")
        let merged = dir.appendingPathComponent("all.mbtiles").path
        let m = try CLIRunner.run(["merge"] + shards + ["-o", merged])
        #expect(m.status == 0, "\(m.stderr)")
        #expect(try CLIRunner.tiles(merged) == (try CLIRunner.tiles(whole)))
        #expect(counts.reduce(0, +) == (try CLIRunner.tiles(whole)).count, "no overlaps")
        let a = try MBTilesArchive(path: merged).metadata, b = try MBTilesArchive(path: whole).metadata
        #expect(a.bounds == b.bounds && a.minZoom == b.minZoom && a.maxZoom == b.maxZoom)
    }

    static let errors: [SnapshotErrorTests.Case] = [
        .init(arguments: ["tiles", "--zoom", "18-12", "-o", "x.mbtiles"], message: "--zoom: '18-12' goes downwards; write 12-18"),
        .init(arguments: ["tiles", "--zoom", "12-25", "-o", "x.mbtiles"], message: "--zoom: zoom levels must be within 0-24, got 12-25"),
        .init(arguments: ["tiles", "--zoom", "12", "--bbox", "7.5,43.7,7.4,43.8", "-o", "x.mbtiles"],
              message: "--bbox: west 7.5 is east of east 7.4 (to cross the antimeridian give west > 0 and east < 0, e.g. 170,-10,-170,10)"),
        .init(arguments: ["tiles", "--zoom", "12", "--bbox", "7.4,43.7,7.5,95", "-o", "x.mbtiles"], message: "--bbox: latitude 95 is outside -90...90"),
        .init(arguments: ["tiles", "--zoom", "12", "--bbox", "7.4,43.7", "-o", "x.mbtiles"], message: "--bbox: '7.4,43.7' is not W,S,E,N (west,south,east,north in degrees)"),
        .init(arguments: ["tiles", "--zoom", "12", "-o", "tiles.zip"], message: "--output: 'tiles.zip' is neither a folder nor a .mbtiles or .pmtiles file"),
        .init(arguments: ["tiles", "--zoom", "12", "--shard", "3/3", "-o", "x.mbtiles"], message: "--shard: '3/3' is not K/N with 0 <= K < N (e.g. 0/4)"),
        .init(arguments: ["tiles", "--zoom", "12", "-o", "/nonexistent-folder/x.mbtiles"], message: "--output: /nonexistent-folder/x.mbtiles: folder /nonexistent-folder does not exist"),
        .init(arguments: ["tiles", "-o", "x.mbtiles"], message: "--zoom: is required, e.g. --zoom 12-16"),
    ]

    @Test(arguments: errors)
    func badInputExitsTwo(_ c: SnapshotErrorTests.Case) throws {
        let dir = try CLIRunner.scratch()
        let r = try CLIRunner.run(c.arguments, in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: \(c.message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func anExistingArchiveOfAnotherKindIsNeverTouched() throws {
        let dir = try CLIRunner.scratch()
        let target = dir.appendingPathComponent("vector.mbtiles")
        try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent("data/monaco.mbtiles"), to: target)
        let before = try Data(contentsOf: target)
        let r = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14", "--resume", "-o", target.path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("mapsnap: error: --output: \(target.path): not a mapsnap raster MBTiles"), "\(r.stderr)")
        #expect(try Data(contentsOf: target) == before)
        let plain = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14", "-o", target.path])
        #expect(plain.stderr.hasPrefix("mapsnap: error: --output: \(target.path): not a mapsnap raster MBTiles"), "\(plain.stderr)")
        #expect(try Data(contentsOf: target) == before)
    }

    /// A tile is a function of its z/x/y, the style and the data: the same bytes from a box that
    /// covers one tile of a metatile as from a box that covers all of it.
    @Test func aTileDoesNotDependOnTheBoxAskedFor() throws {
        let dir = try CLIRunner.scratch()
        let small = dir.appendingPathComponent("small.mbtiles").path, big = dir.appendingPathComponent("big.mbtiles").path
        #expect(try CLIRunner.run(["tiles", "--bbox", "7.4250,43.7350,7.4252,43.7352", "--zoom", "15", "-o", small, "-q"]).status == 0)
        #expect(try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "15", "-o", big, "-q"]).status == 0)
        let one = try CLIRunner.tiles(small), all = try CLIRunner.tiles(big)
        #expect(one.count == 1)
        for (id, data) in one { #expect(all[id] == data, "tile \(id)") }
    }

    /// A resume must ask for what the output was started with; a plain re-run names an unfinished output.
    @Test func resumeWithAnotherPlanIsRefused() throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("p.mbtiles").path
        let killed = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-15", "--metatile", "2", "--jobs", "1", "-o", out, "--inject-fault", "kill-after-tiles=2"])
        #expect(killed.status == 9 || killed.status == 137, "status \(killed.status)")
        let plain = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-15", "--metatile", "2", "-o", out])
        #expect(plain.status == 2)
        #expect(plain.stderr == "mapsnap: error: --output: \(out) is an unfinished pyramid (--resume finishes it with the same options; or remove it)\n")
        let scale = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-15", "--metatile", "2", "--scale", "2", "--resume", "-o", out])
        #expect(scale.status == 2)
        #expect(scale.stderr == "mapsnap: error: --resume: \(out) was started with --scale 1; this run asks 2: resume with the same options, or write to a new output\n")
        let zooms = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-16", "--metatile", "2", "--resume", "-o", out])
        #expect(zooms.status == 2 && zooms.stderr.contains("was started with --zoom 14-15; this run asks 14-16"), "\(zooms.stderr)")
        let same = try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14-15", "--metatile", "2", "--resume", "-o", out, "-q"])
        #expect(same.status == 0, "\(same.stderr)")
    }

    @Test func workThatCannotFinishIsRefusedUpFront() throws {
        let dir = try CLIRunner.scratch()
        let world = try CLIRunner.run(["tiles", "--bbox", "-180,-85,180,85", "--zoom", "24", "-o", dir.appendingPathComponent("w.mbtiles").path])
        #expect(world.status == 2)
        #expect(world.stderr.hasPrefix("mapsnap: error: --zoom: z24–24 over this area is more than 20000000 tiles"), "\(world.stderr)")
        let big = try CLIRunner.run(["tiles", "--bbox", "-180,-85,180,85", "--zoom", "12", "-o", dir.appendingPathComponent("b.mbtiles").path])
        #expect(big.status == 2)
        #expect(big.stderr.contains("give --yes to render more than 1000000"), "\(big.stderr)")
        let shards = try CLIRunner.run(["tiles", "--zoom", "12", "--shard", "0/4611686018427387904", "-o", dir.appendingPathComponent("s.mbtiles").path])
        #expect(shards.status == 2 && shards.stderr == "mapsnap: error: --shard: 4611686018427387904 shards are more than 100000\n", "\(shards.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing left behind")
    }

    @Test func pyramidsOfTwoScalesDoNotMerge() throws {
        let dir = try CLIRunner.scratch()
        let one = dir.appendingPathComponent("1x.mbtiles").path, two = dir.appendingPathComponent("2x.mbtiles").path
        #expect(try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14", "-o", one, "-q"]).status == 0)
        #expect(try CLIRunner.run(["tiles", "--bbox", Self.box, "--zoom", "14", "--scale", "2", "-o", two, "-q"]).status == 0)
        let out = dir.appendingPathComponent("all.mbtiles").path
        let r = try CLIRunner.run(["merge", one, two, "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: \(two) holds 512-px tiles, \(one) 256-px tiles: merge pyramids of one scale\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
