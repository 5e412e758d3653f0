import Foundation
import Testing

/// A drawing context that fails mid-render (Cairo keeps the error and drops everything drawn
/// after it) fails the render with a message naming what was drawn: exit 1 and no file on the
/// command line, a failed item in a batch. `--inject-fault break-drawing-at=WHAT` puts the context in a
/// real Cairo error state at the named check (`DrawingFailures`). The server's 500 is in
/// `ServeDrawingFailureTests`.
@Suite struct DrawingFailureTests {
    static let breakWater = ["--inject-fault", "break-drawing-at=layer 'landuse-residential'"]

    @Test func aSnapshotFailsNamingTheLayer() throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("map.png")
        let r = try CLIRunner.run(["--center", "43.7360,7.4260", "--size", "200x150", "-o", out.path] + Self.breakWater)
        #expect(r.status == 1)
        #expect(r.stderr == "mapsnap: error: drawing failed at layer 'landuse-residential': invalid value for a dash setting (Cairo); the image is not written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no output left behind")
    }

    @Test(arguments: ["overlay markers", "overlay circles", "the user location", "the scale bar", "the attribution"])
    func anOverlayOrDecorationThatFailsIsNamed(_ what: String) throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("map.png")
        let r = try CLIRunner.run(["--center", "43.7360,7.4260", "--size", "200x150", "--marker", "43.7365,7.4265,red,Here",
                                   "--user", "43.7355,7.4255,20", "--circle", "43.736,7.426,50", "--scale-bar", "-o", out.path, "--inject-fault", "break-drawing-at=\(what)"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("mapsnap: error: drawing failed at \(what): "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aVectorDocumentFailsToo() throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("map.pdf")
        let r = try CLIRunner.run(["--center", "43.7360,7.4260", "--size", "200x150", "-o", out.path] + Self.breakWater)
        #expect(r.status == 1)
        #expect(r.stderr.contains("drawing failed at layer 'landuse-residential'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aBatchItemFailsAlone() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("items.jsonl")
        try Data(#"{"id": "a", "center": [43.7360, 7.4260], "size": [64, 48]}"#.utf8).write(to: manifest)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "--jobs", "1", "-q"] + Self.breakWater)
        #expect(r.status == 1, "\(r.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("batch-report.csv"), encoding: .utf8)
        #expect(report.contains("a,failed,,line 1: drawing failed at layer 'landuse-residential'"), "\(report)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("a.png").path))
    }
}
