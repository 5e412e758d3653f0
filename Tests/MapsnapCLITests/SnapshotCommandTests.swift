import Foundation
import Testing

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
    }

    @Test func centerOutsideTheDataWarnsOnceNamingTheBounds() throws {
        let out = try CLIRunner.scratch().appendingPathComponent("nowhere.png")
        let r = try CLIRunner.run(["--center", "10,10", "--size", "100x100", "-o", out.path])
        #expect(r.status == 0)
        let warnings = r.stderr.split(separator: "\n")
        #expect(warnings.count == 1)
        #expect(r.stderr.contains("mapsnap: warning: the view around 10,10 is outside the data, which covers 7.349,43.71,7.491,43.77 (W,S,E,N)"), "\(r.stderr)")
        #expect(CLIRunner.pngSize(out) != nil)
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
