import Foundation
import Testing

/// End to end: overlay options of the CLI, their errors, and what they write.
@Suite(.serialized)
struct OverlayCommandTests {
    static let cases: [SnapshotErrorTests.Case] = [
        .init(arguments: ["--marker", "95,7"], message: "--marker: latitude 95 is outside -90...90"),
        .init(arguments: ["--marker", "43.7,7.4,blurple"], message: "--marker: 'blurple' is not a colour (use #rrggbb, rgb(…), hsl(…) or a CSS name)"),
        .init(arguments: ["--marker", "43.7,7.4,,Title,ABC"], message: "--marker: glyph 'ABC' must be 1 or 2 characters"),
        .init(arguments: ["--marker", "43.7,7.4,red,a,b,c"], message: "--marker: '43.7,7.4,red,a,b,c' is not LAT,LON[,COLOR[,TITLE[,GLYPH]]] (a title with commas needs --overlay)"),
        .init(arguments: ["--user", "43.7,7.4,0"], message: "--user: accuracy must be greater than 0 and at most 20,000 km, got 0 m"),
        .init(arguments: ["--user", "43.7,7.4,30000000"], message: "--user: accuracy must be greater than 0 and at most 20,000 km, got 30000000 m"),
        .init(arguments: ["--user", "43.7,7.4,20,north"], message: "--user: 'north' is not a number"),
        .init(arguments: ["--circle", "43.7,7.4,-5"], message: "--circle: radius must be greater than 0 and at most 20,000 km, got -5 m"),
        .init(arguments: ["--circle", "43.7,7.4"], message: "--circle: '43.7,7.4' is not LAT,LON,RADIUS_M[,COLOR]"),
        .init(arguments: ["--overlay", "nowhere.geojson"], message: "--overlay: nowhere.geojson: no such file"),
        .init(arguments: ["--coords", "bd09"], message: "--coords: 'bd09' is not one of wgs84, gcj02"),
        .init(arguments: ["--padding", "-3"], message: "--padding: must be 0 to 4096 points, got -3"),
        .init(arguments: ["--poi", "some"], message: "--poi: 'some' is not one of show, none, true, false"),
        .init(arguments: ["--scale-bar=furlongs"], message: "--scale-bar: 'furlongs' is not one of metric, imperial, true, false"),
        .init(arguments: ["--accuracy-limit", "0"], message: "--accuracy-limit: accuracy limit must be greater than 0 and at most 20,000 km, got 0 m"),
        .init(arguments: ["--fit", "--zoom", "15"], message: "--fit: give either --fit or --zoom, not both"),
    ]

    @Test(arguments: cases)
    func badOverlayInputExitsTwo(_ c: SnapshotErrorTests.Case) throws {
        let dir = try CLIRunner.scratch()
        let out = dir.appendingPathComponent("map.png")
        let r = try CLIRunner.run(c.arguments + ["-o", out.path])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: \(c.message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func markersWithoutACenterAreFitted() throws {
        let out = try CLIRunner.scratch().appendingPathComponent("fit.png")
        let r = try CLIRunner.run(["--marker", "43.7347,7.4225,,当前位置,A", "--marker", "43.7372,7.4245,#2a7de1,咖啡店,12",
                                   "--user", "43.7355,7.4238,80,45", "--circle", "43.7340,7.4260,150,purple",
                                   "--size", "400x300", "--scale-bar", "--compass", "-v", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLIRunner.pngSize(out)?.width == 400)
        #expect(r.stderr.contains("camera: center 43.73"), "\(r.stderr)")
    }

    @Test func csvTrackIsFilteredAndReported() throws {
        let dir = try CLIRunner.scratch()
        let csv = dir.appendingPathComponent("fixes.csv")
        var lines = ["lat,lon,accuracy_m,time"]
        for i in 0..<50 {
            let accuracy = i == 10 ? "250" : (i == 20 ? "-1" : "8")
            let t = i == 30 ? 1_700_000_000 + 5 : 1_700_000_000 + i * 10
            lines.append(String(format: "%.6f,%.6f,%@,%d", 43.7320 + Double(i) * 0.00008, 7.4197 + Double(i) * 0.00005, accuracy, t))
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: csv)
        let out = dir.appendingPathComponent("track.png")
        let r = try CLIRunner.run(["--track", csv.path, "--size", "300x200", "-v", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\(csv.path): kept 47 of 50 fixes"), "\(r.stderr)")
        #expect(CLIRunner.pngSize(out) != nil)
    }
}
