import Foundation
import Testing

/// `mapsnap` draws its one image on two threads (the labels beside the map, the PNG's halves, a
/// track's two halves, the track's lines worked out while circles are drawn, overlay files read
/// while the map is drawn); a batch item is drawn on one, its files read first. Both must give the
/// same bytes, whatever the options move: overlays under a symbol layer (the label runs split
/// there), collision boxes (the label thread draws whole runs), a turned and pitched map, another
/// style, markers with titles, a track with circles and a user location, markers with titles
/// over a track (the overlay layer, drawn on a thread of its own by `mapsnap`).
@Suite(.serialized)
struct ThreadedSnapshotTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let item: String
        var description: String { name }
    }

    static let glyphs = CLIRunner.repositoryRoot.appendingPathComponent("../shared/conformance/render/assets/glyphs").standardized.path

    static let cases: [Case] = [
        Case(name: "plain", arguments: [], item: "{}"),
        Case(name: "scale 2", arguments: ["--scale", "2"], item: #"{"scale": 2}"#),
        Case(name: "markers under the place labels", arguments: ["--marker", "43.7371,7.4271,red,Here,7", "--before-layer", "place-minor"],
             item: #"{"markers": ["43.7371,7.4271,red,Here,7"], "before-layer": "place-minor"}"#),
        Case(name: "collision boxes", arguments: ["--collision-boxes"], item: #"{"collision-boxes": "show"}"#),
        Case(name: "turned and pitched, dark", arguments: ["--bearing", "30", "--pitch", "40", "--style", "dark"],
             item: #"{"bearing": 30, "pitch": 40, "style": "dark"}"#),
    ]

    /// A wandering 2,000-point track through the view, as a GPX file.
    static let track: String = {
        var lines = [#"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#]
        var lat = 43.7330, lon = 7.4200, heading = 0.3
        for i in 0..<2000 {
            heading += sin(Double(i) * 0.37) * 0.3
            lat += 0.000009 * cos(heading)
            lon += 0.0000125 * sin(heading)
            lines.append(String(format: #"<trkpt lat="%.7f" lon="%.7f"></trkpt>"#, lat, lon))
        }
        lines.append("</trkseg></trk></gpx>")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-threaded-\(UUID().uuidString).gpx")
        try? Data(lines.joined(separator: "\n").utf8).write(to: url)
        return url.path
    }()

    @Test(arguments: cases + [
        Case(name: "track, circles and a user location", arguments: ["--track", track, "--circle", "43.7368,7.4252,150", "--circle", "43.7340,7.4280,90",
                                                                  "--user", "43.7362,7.4240,35"],
             item: #"{"tracks": ["\#(track)"], "circles": ["43.7368,7.4252,150", "43.7340,7.4280,90"], "user": {"lat": 43.7362, "lon": 7.4240, "accuracy": 35}}"#),
        // The overlay layer whole: its titles painted beside the track, balloons over them.
        Case(name: "markers with titles over a track", arguments: ["--track", track, "--marker", "43.7371,7.4271,red,Here,7",
                                                                 "--marker", "43.7352,7.4236,blue,Over there"],
             item: #"{"tracks": ["\#(track)"], "markers": ["43.7371,7.4271,red,Here,7", "43.7352,7.4236,blue,Over there"]}"#),
    ])
    func theCommandLineDrawsWhatABatchItemDraws(_ c: Case) throws {
        let dir = try CLIRunner.scratch()
        let view = ["--center", "43.7360,7.4260", "--meters", "700", "--size", "400x300"]
        let single = dir.appendingPathComponent("single.png")
        let r = try CLIRunner.run(view + c.arguments + ["-o", single.path])
        #expect(r.status == 0, "\(r.stderr)")
        var item = c.item.dropLast().trimmingCharacters(in: .whitespaces)
        item += (item == "{" ? "" : ", ") + #""id": "b", "center": [43.7360, 7.4260], "meters": 700, "size": [400, 300]}"#
        let manifest = dir.appendingPathComponent("items.jsonl")
        try Data(item.utf8).write(to: manifest)
        let out = dir.appendingPathComponent("batch")
        let b = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "--jobs", "1"])
        #expect(b.status == 0, "\(b.stderr)")
        let fromBatch = try Data(contentsOf: out.appendingPathComponent("b.png"))
        #expect(try Data(contentsOf: single) == fromBatch, "\(c.name): the two-thread snapshot differs from the batch item")
    }
}
