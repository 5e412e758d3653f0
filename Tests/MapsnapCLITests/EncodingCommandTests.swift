import Foundation
import MapsnapKit
import MapsnapRender
import MapsnapTiles
import Testing
import MapsnapTestSupport

/// End to end: WebP and JPEG chosen by the output's extension or `--format`, for snapshots and
/// pyramids, and the clear errors when the choices disagree.
@Suite(.serialized)
struct EncodingCommandTests {
    static let small = ["--center", "43.7360,7.4260", "--meters", "800", "--size", "300x200"]

    func magic(_ url: URL) throws -> String {
        let d = try Data(contentsOf: url)
        if d.prefix(4) == Data("RIFF".utf8) && d.dropFirst(8).prefix(4) == Data("WEBP".utf8) { return "webp" }
        if d.prefix(3) == Data([0xff, 0xd8, 0xff]) { return "jpeg" }
        if d.prefix(4) == Data([0x89, 0x50, 0x4e, 0x47]) { return "png" }
        return "unknown"
    }

    @Test(arguments: [("map.webp", [String](), "webp"), ("map.jpg", [], "jpeg"), ("map.jpeg", ["--quality", "60"], "jpeg"),
                      ("map.webp", ["--format", "webp", "--quality", "75"], "webp")])
    func theExtensionChoosesTheFormat(_ name: String, _ extra: [String], _ format: String) throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent(name)
        let r = try CLIRunner.run(Self.small + ["-o", out.path, "-v"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try magic(out) == format)
        let image = try RasterTileImage.decode(try Data(contentsOf: out))
        #expect(image.width == 300 && image.height == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [name], "no temporary file left")
    }

    @Test(arguments: [
        (["-o", "x.png", "--format", "webp"], "--format: is webp but the output 'x.png' ends in .png"),
        (["-o", "x.gif"], "-o: 'x.gif' must end in .png, .webp, .jpg, .jpeg, .pdf or .svg"),
        (["-o", "x.png", "--quality", "80"], "--quality: applies to webp and jpeg (PNG is lossless; a palette PNG is smaller)"),
        (["-o", "x.webp", "--quality", "101"], "--quality: must be a whole number from 1 to 100, got '101'"),
        (["-o", "x.jpg", "--png", "palette"], "--png: palette applies to PNG output, not jpeg"),
    ])
    func disagreementsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let dir = try CLIRunner.scratch()
        let r = try CLIRunner.run(Self.small + arguments, in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing written")
    }

    /// A style without an opaque background cannot become a JPEG: said once, exit 1, no file.
    @Test func jpegOfATransparentMapIsRefused() throws {
        let dir = try CLIRunner.scratch()
        let style = dir.appendingPathComponent("clear.json")
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: style)
        let out = dir.appendingPathComponent("map.jpg")
        let r = try CLIRunner.run(Self.small + ["--style", style.path, "--no-attribution", "-o", out.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("JPEG cannot hold transparency"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let webp = dir.appendingPathComponent("map.webp")
        #expect(try CLIRunner.run(Self.small + ["--style", style.path, "--no-attribution", "-o", webp.path]).status == 0)
    }

    /// `--png palette`: an 8-bit colour-mapped PNG (colour type 3) about half the bytes, the same map to the eye.
    @Test func palettePNGIsSmallerAndClose() throws {
        let dir = try CLIRunner.scratch()
        let full = dir.appendingPathComponent("full.png"), palette = dir.appendingPathComponent("palette.png")
        #expect(try CLIRunner.run(Self.small + ["-o", full.path]).status == 0)
        let r = try CLIRunner.run(Self.small + ["-o", palette.path, "--png", "palette"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLIRunner.pngSize(palette)?.colorType == 3)
        let a = try Data(contentsOf: full).count, b = try Data(contentsOf: palette).count
        #expect(Double(b) < 0.7 * Double(a), "\(b) vs \(a) bytes")
        let difference = try ImageComparison(actual: try RasterImage(pngFile: palette.path), expected: try RasterImage(pngFile: full.path),
                                             channelTolerance: 24)
        #expect(difference.sizeMatches && difference.differentFraction < 0.002, "\(difference.differentPixels) pixels differ")
    }

    @Test func pyramidsOfWebPAndJPEG() throws {
        let dir = try CLIRunner.scratch()
        let archive = dir.appendingPathComponent("t.mbtiles").path
        let r = try CLIRunner.run(["tiles", "--bbox", "7.415,43.728,7.432,43.740", "--zoom", "15", "-o", archive, "--format", "webp"])
        #expect(r.status == 0, "\(r.stderr)")
        let a = try MBTilesArchive(path: archive)
        #expect(a.metadata.format == "webp")
        let id = try #require(try a.tileIDs().first)
        #expect(try RasterTileImage.decode(try #require(try a.rawTileData(id))).width == 256)

        let folder = dir.appendingPathComponent("jpg").path
        let j = try CLIRunner.run(["tiles", "--bbox", "7.415,43.728,7.432,43.740", "--zoom", "15", "-o", folder, "--format", "jpeg", "--quality", "70"])
        #expect(j.status == 0, "\(j.stderr)")
        let column = try #require(try FileManager.default.contentsOfDirectory(atPath: folder + "/15").sorted().first)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/15/" + column)
        #expect(!files.isEmpty && files.allSatisfy { $0.hasSuffix(".jpg") }, "\(files)")
        #expect(try magic(URL(fileURLWithPath: folder + "/15/" + column + "/" + files[0])) == "jpeg")
    }
}
