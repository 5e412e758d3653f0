import Foundation
import Testing
import MapsnapTestSupport
import MapsnapKit

/// End to end: the real binary, its exit codes, its messages and the PNG it writes.
@Suite(.serialized)
struct SnapshotCommandTests {
    @Test func rendersTheDefaultMapAsAnOpaqueRGBPNG() throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("map.png")
        let r = try CLIRunner.run(["--center", "43.7360,7.4260", "--meters", "800", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let size = try #require(CLIRunner.pngSize(out))
        #expect(size.width == 1024 && size.height == 768)
        #expect(size.colorType == 2, "opaque images are written as RGB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["map.png"], "no temporary file left")
    }

    @Test func scaleMultipliesThePixels() throws {
        let out = try CLIRunner.scratch().appendingPathComponent("map@2x.png")
        let r = try CLIRunner.run(["snapshot", "--size", "300x200", "--scale", "2", "--zoom", "16", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let size = try #require(CLIRunner.pngSize(out))
        #expect(size.width == 600 && size.height == 400)
    }

    /// `--collision-boxes` outlines the labels' boxes: pixels of MapLibre's blue (placed) and red
    /// (refused) appear that the plain map does not have.
    @Test func collisionBoxesOutlineTheLabels() throws {
        let dir = try CLIRunner.scratch()
        func render(_ extra: [String]) throws -> RasterImage {
            let out = dir.appendingPathComponent("map\(extra.count).png")
            let r = try CLIRunner.run(["--center", "43.7360,7.4260", "--meters", "800", "--size", "400x300", "-o", out.path] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try RasterImage(pngFile: out.path)
        }
        func outlined(_ image: RasterImage) -> (blue: Int, red: Int) {
            var blue = 0, red = 0
            for y in 0..<image.pixelHeight { for x in 0..<image.pixelWidth {
                let p = image.rgba(x: x, y: y)
                if Int(p.b) - Int(p.r) > 60 && Int(p.b) - Int(p.g) > 60 && p.b > 200 { blue += 1 }
                if Int(p.r) - Int(p.g) > 100 && Int(p.r) - Int(p.b) > 100 { red += 1 }
            } }
            return (blue, red)
        }
        let plain = outlined(try render([])), boxes = outlined(try render(["--collision-boxes"]))
        #expect(boxes.blue > plain.blue + 200, "\(plain) → \(boxes)")
        #expect(boxes.red > plain.red, "\(plain) → \(boxes)")
    }

    @Test func darkStyleAndOtherDataRender() throws {
        let dir = try CLIRunner.scratch()
        let dark = dir.appendingPathComponent("dark.png")
        #expect(try CLIRunner.run(["--style", "dark", "--size", "200x150", "-o", dark.path]).status == 0)
        let helsinki = dir.appendingPathComponent("helsinki.png")
        let r = try CLIRunner.run(["--tiles", "data/helsinki.mbtiles", "--center", "60.1705,24.9440",
                                   "--size", "200x150", "--no-attribution", "-o", helsinki.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLIRunner.pngSize(helsinki)?.width == 200)
    }

    @Test func verbosePrintsTheCamera() throws {
        let out = try CLIRunner.scratch().appendingPathComponent("v.png")
        let r = try CLIRunner.run(["--size", "100x100", "-v", "-o", out.path])
        #expect(r.status == 0)
        #expect(r.stderr.contains("camera: center 43.736,7.426"), "\(r.stderr)")
        // Which engine draws the labels, and why.
        #expect(r.stderr.contains("text: Pango with system fonts (the style has no glyphs; give --glyphs DIR"), "\(r.stderr)")
    }

    /// A style written for another schema draws nothing from the layers it cannot find, and says
    /// so once per missing source-layer, naming the layers that read it and those the data has.
    @Test func missingSourceLayersWarnOnceEach() throws {
        let dir = try CLIRunner.scratch()
        let style = dir.appendingPathComponent("other-schema.json")
        try #"{"version": 8, "sources": {"omt": {"type": "vector", "url": "mbtiles://x"}}, "layers": [{"id": "a", "type": "line", "source": "omt", "source-layer": "roads"}, {"id": "b", "type": "line", "source": "omt", "source-layer": "roads"}, {"id": "w", "type": "fill", "source": "omt", "source-layer": "water"}]}"#
            .write(to: style, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["--style", style.path, "--source", "omt=data/monaco.mbtiles", "--size", "64x64", "-o", dir.appendingPathComponent("m.png").path])
        #expect(r.status == 0)
        #expect(r.stderr == "mapsnap: warning: source 'omt': the data has no source-layer 'roads', so layers 'a', 'b' draw nothing (its layers: aerodrome_label, aeroway, boundary, building, housenumber, landcover, landuse, mountain_peak, park, place, poi, transportation, transportation_name, water, water_name, waterway)\n")
    }

    /// A view that shows none of the data is exit 1, one line naming the regions, and no file.
    @Test(arguments: [
        (["--center", "10,10"], "the view around 10,10 (lat,lon) is outside the data, which covers COV: the map would be background only"),
        (["--center", "7.426,43.736"], "the view around 7.426,43.736 (lat,lon) is outside the data, which covers COV: the map would be background only; latitude and longitude look swapped: 43.736,7.426 lies in monaco"),
        (["--bounds", "-74.1,40.6,-73.9,40.8"], "the view around 40.700075,-74 (lat,lon) is outside the data, which covers COV: the map would be background only"),
    ])
    func aViewOutsideTheDataIsAnError(_ arguments: [String], _ message: String) throws {
        let dir = try CLIRunner.scratch()
        let r = try CLIRunner.run(arguments + ["--size", "100x100", "-o", dir.appendingPathComponent("nowhere.png").path])
        #expect(r.status == 1)
        #expect(r.stderr == "mapsnap: error: " + message.replacingOccurrences(of: "COV", with: "andorra (1.422104,42.43509,1.780386,42.65717), helsinki (24.935176,60.164155,24.953415,60.179113), monaco (7.349,43.71,7.491,43.77) (W,S,E,N)") + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no output left behind")
    }

    /// `--help` and `-h` print help and exit 0 for every subcommand (a crash once: `batch --help`).
    @Test(arguments: [["--help"], ["-h"], ["snapshot", "--help"], ["tiles", "-h"], ["batch", "--help"], ["batch", "-h"],
                      ["merge", "--help"], ["geocode", "--help"], ["batch", "m.jsonl", "--help"]])
    func everySubcommandHasHelp(_ words: [String]) throws {
        let r = try CLIRunner.run(words)
        #expect(r.status == 0, "\(words): \(r.stderr)")
        #expect(r.stdout.contains("Usage: mapsnap"))
        #expect(r.stderr.isEmpty)
    }

    /// A style with no sources at all (a background only) draws the overlays on it.
    @Test func backgroundOnlyStyleWithACircle() throws {
        let dir = try CLIRunner.scratch()
        let style = dir.appendingPathComponent("plain.json")
        try Data(##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}]}"##.utf8).write(to: style)
        let out = dir.appendingPathComponent("out.png")
        let r = try CLIRunner.run(["--style", style.path, "--circle", "43.73,7.42,150", "--size", "200x160", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        #expect(CLIRunner.pngSize(out)?.width == 200)
    }

    @Test func helpAndVersion() throws {
        let help = try CLIRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--center LAT,LON"))
        #expect(help.stdout.contains("© OpenStreetMap contributors"))
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("mapsnap "))
    }
}

/// A damaged tile must not stop the render: it is skipped with one warning naming it.
@Suite(.serialized)
struct CorruptTileTests {
    @Test func corruptTileIsSkippedWithOneWarningNamingIt() throws {
        let dir = try CLIRunner.scratch()
        let archive = try DamagedArchive.monaco(in: dir)
        let out = dir.appendingPathComponent("map.png")
        let r = try CLIRunner.run(["--tiles", archive.path, "--size", "400x300", "-o", out.path])
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("mapsnap: warning: \(archive.path): tile \(DamagedArchive.tile) is corrupt"), "\(r.stderr)")
        #expect(r.stderr.contains("the tile is skipped"))
        #expect(CLIRunner.pngSize(out)?.width == 400)
    }
}

/// Labels from glyph PBFs (`--glyphs`, `--text-engine`), with the glyphs of MapLibre's render
/// tests when `../shared` is beside the repository.
struct GlyphEngineCommandTests {
    static let glyphs = ReadmeCommandTests.shared.appendingPathComponent("conformance/render/assets/glyphs")

    /// The built-in light style with the font stack the test glyphs have.
    static func style(in dir: URL) throws -> URL {
        let light = try JSONSerialization.jsonObject(with: Data(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("styles/light.json")))
        var style = try #require(light as? [String: Any])
        style["sources"] = ["openmaptiles": ["type": "vector", "url": "mbtiles://" + CLIRunner.repositoryRoot.appendingPathComponent("data").path]]
        style["sprite"] = CLIRunner.repositoryRoot.appendingPathComponent("styles/sprite/mapsnap").path
        var layers = try #require(style["layers"] as? [[String: Any]])
        for i in layers.indices {
            guard var layout = layers[i]["layout"] as? [String: Any], layout["text-font"] != nil else { continue }
            layout["text-font"] = ["Open Sans Semibold", "Arial Unicode MS Bold"]
            layers[i]["layout"] = layout
        }
        style["layers"] = layers
        let url = dir.appendingPathComponent("style.json")
        try JSONSerialization.data(withJSONObject: style).write(to: url)
        return url
    }

    @Test func glyphAndPangoEnginesBothDrawTheLabels() throws {
        guard FileManager.default.fileExists(atPath: Self.glyphs.path) else { try TestEnvironment.skip("no \(Self.glyphs.path)") }
        let dir = try CLIRunner.scratch()
        let style = try Self.style(in: dir)
        var outputs: [Data] = []
        for engine in ["glyphs", "pango"] {
            let out = dir.appendingPathComponent("\(engine).png")
            let r = try CLIRunner.run(["--style", style.path, "--glyphs", Self.glyphs.path, "--text-engine", engine,
                                       "--center", "43.7360,7.4260", "--meters", "800", "-o", out.path])
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(try Data(contentsOf: out))
        }
        #expect(outputs[0] != outputs[1], "the engines draw different glyphs")
    }

    @Test func badGlyphOptionsAreErrorsNamingThem() throws {
        let out = try CLIRunner.scratch().appendingPathComponent("map.png")
        let missing = try CLIRunner.run(["--glyphs", "/nonexistent-glyphs", "-o", out.path])
        #expect(missing.status != 0 && missing.stderr.contains("--glyphs: /nonexistent-glyphs is not a folder of glyph PBFs"))
        let engine = try CLIRunner.run(["--text-engine", "sdf", "-o", out.path])
        #expect(engine.status == 2 && engine.stderr.contains("--text-engine: 'sdf' is not one of auto, glyphs, pango"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

/// `mapsnap glyphs build`, then the default map drawn from what it made.
struct GlyphsBuildCommandTests {
    @Test func buildsAFontsFolderTheDefaultStyleDrawsFrom() throws {
        let fonts = ["Regular", "Italic", "Bold"].map { "/usr/share/fonts/truetype/noto/NotoSans-\($0).ttf" }
        guard fonts.allSatisfy(FileManager.default.fileExists) else { try TestEnvironment.skip("Noto Sans is not installed (Debian package fonts-noto-core)") }
        let dir = try CLIRunner.scratch()
        let build = try CLIRunner.run(["glyphs", "build"] + fonts + ["-o", dir.appendingPathComponent("fonts").path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("glyphs: Noto Sans Bold: "))
        let out = dir.appendingPathComponent("map.png")
        let r = try CLIRunner.run(["--center", "43.7360,7.4260", "--meters", "800", "--glyphs", dir.appendingPathComponent("fonts").path,
                                   "--text-engine", "glyphs", "-o", out.path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(CLIRunner.pngSize(out) != nil)
    }

    @Test func badInvocationsAreUsageErrors() throws {
        let dir = try CLIRunner.scratch()
        let noVerb = try CLIRunner.run(["glyphs", "x.ttf", "-o", dir.path])
        #expect(noVerb.status == 2 && noVerb.stderr.contains("mapsnap glyphs build FONT.ttf ... -o DIR"))
        let noOutput = try CLIRunner.run(["glyphs", "build", "x.ttf"])
        #expect(noOutput.status == 2 && noOutput.stderr.contains("--output"))
        let missing = try CLIRunner.run(["glyphs", "build", "/nonexistent.ttf", "-o", dir.path])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent.ttf: no such file"))
    }
}
