import Foundation
import Testing

/// `mapsnap` draws its one image on two threads (the labels beside the map, the PNG's halves);
/// a batch item is drawn on one. Both must give the same bytes, whatever the options move:
/// overlays under a symbol layer (the label runs split there), collision boxes and glyph PBFs (the
/// label thread draws whole runs), a turned and pitched map, another style, markers with titles.
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

    @Test(arguments: cases)
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
