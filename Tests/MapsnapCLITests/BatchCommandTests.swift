import Foundation
import Testing

/// End to end: a manifest mixing good items, a malformed line, an invalid coordinate and a
/// missing track file gives the right images, the right report rows and exit code 1; a re-run
/// skips the done items.
@Suite(.serialized)
struct BatchCommandTests {
    func report(_ folder: URL) throws -> [[String]] {
        let text = try String(contentsOf: folder.appendingPathComponent("batch-report.csv"), encoding: .utf8)
        return text.split(separator: "\n").map { line in
            var fields: [String] = [], cur = "", quoted = false
            for c in line {
                if c == "\"" { quoted.toggle() } else if c == ",", !quoted { fields.append(cur); cur = "" } else { cur.append(c) }
            }
            fields.append(cur)
            return fields
        }
    }

    @Test func mixedManifestRecordsEveryItemAndGoesOn() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("checkins.jsonl")
        let lines = [
            #"{"id": "a1", "center": [43.7360, 7.4260], "meters": 600, "size": [300, 200], "title": "Check-in A1", "caption": "09:14, accuracy 35 m", "address": true, "user": {"lat": 43.7362, "lon": 7.4240, "accuracy": 35}}"#,
            #"{"id": "a2", "size": "300x200", "markers": ["43.7347,7.4225,red,当前位置,A"], "circles": ["43.7350,7.4230,150"], "style": "dark"}"#,
            #"{"id": "broken", "center": [43.7, "#,
            #"{"id": "bad-coordinate", "center": [95, 7.42], "size": [300, 200]}"#,
            #"{"id": "missing-track", "size": [300, 200], "tracks": ["nowhere.gpx"]}"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: manifest)
        let out = dir.appendingPathComponent("reports")
        let r = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "--jobs", "2"])
        #expect(r.status == 1, "\(r.stderr)")
        let rows = try report(out)
        #expect(rows.first == ["id", "status", "output", "message"])
        let byID = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
        #expect(byID["a1"]?[1] == "ok" && byID["a2"]?[1] == "ok")
        #expect(byID["line-3"]?[1] == "failed")
        #expect(byID["line-3"]?[3].contains("checkins.jsonl:3: item: not valid JSON") == true, "\(byID["line-3"] ?? [])")
        #expect(byID["bad-coordinate"]?[3].contains("center: latitude 95 is outside -90...90") == true, "\(byID["bad-coordinate"] ?? [])")
        #expect(byID["missing-track"]?[1] == "failed")
        #expect(byID["missing-track"]?[3].contains("nowhere.gpx") == true, "\(byID["missing-track"] ?? [])")
        #expect(rows.dropFirst().map { $0[0] } == ["a1", "a2", "line-3", "bad-coordinate", "missing-track"], "manifest order")
        // The captioned image is taller than the map; the plain one is the map's size.
        let a1 = try #require(CLIRunner.pngSize(out.appendingPathComponent("a1.png")))
        #expect(a1.width == 300 && a1.height > 200)
        #expect(CLIRunner.pngSize(out.appendingPathComponent("a2.png"))?.height == 200)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("bad-coordinate.png").path))

        // Run again: the done items are skipped.
        let again = try CLIRunner.run(["batch", manifest.path, "-o", out.path])
        #expect(again.status == 1)
        let rows2 = try report(out)
        #expect(rows2.first { $0[0] == "a1" }?[1] == "skipped")
        let forced = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "--force"])
        #expect(forced.status == 1)
        #expect(try report(out).first { $0[0] == "a1" }?[1] == "ok")
    }

    @Test func csvManifestWorks() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("items.csv")
        try Data("id,lat,lon,meters,size,title\nc1,43.7360,7.4260,500,200x150,\"Harbour, west side\"\n".utf8).write(to: manifest)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["batch", manifest.path, "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLIRunner.pngSize(out.appendingPathComponent("c1.png"))?.width == 200)
    }

    @Test func unreadableManifestExitsTwoNamingIt() throws {
        let dir = try CLIRunner.scratch()
        let r = try CLIRunner.run(["batch", dir.appendingPathComponent("none.jsonl").path, "-o", dir.appendingPathComponent("o").path])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: \(dir.appendingPathComponent("none.jsonl").path): no such file\n")
        let csv = dir.appendingPathComponent("x.csv")
        try Data("name,lat\nfoo,1\n".utf8).write(to: csv)
        let r2 = try CLIRunner.run(["batch", csv.path, "-o", dir.appendingPathComponent("o").path])
        #expect(r2.status == 2)
        #expect(r2.stderr == "mapsnap: error: \(csv.path):1: neither a JSON object nor a CSV header with an 'id' column\n")
    }

    @Test func geocodeCommand() throws {
        let r = try CLIRunner.run(["geocode", "43.7365,7.4218"])
        #expect(r.status == 0)
        #expect(r.stdout == "Quai Albert 1er, Sainte-Dévote, Monaco\n")
        let j = try CLIRunner.run(["geocode", "43.7365,7.4218", "--json"])
        let obj = try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any]
        #expect((obj?["street"] as? [String: Any])?["name"] as? String == "Quai Albert 1er")
        let bad = try CLIRunner.run(["geocode", "95,7"])
        #expect(bad.status == 2 && bad.stderr == "mapsnap: error: 95,7: latitude 95 is outside -90...90\n")
    }

    /// The embedded defaults hold every region; a point outside all of them is an error.
    @Test func geocodeAnswersInEveryEmbeddedRegion() throws {
        let andorra = try CLIRunner.run(["geocode", "42.5075,1.5218"])
        #expect(andorra.status == 0 && andorra.stdout.hasSuffix("Andorra la Vella\n"), "\(andorra.stdout)\(andorra.stderr)")
        let sea = try CLIRunner.run(["geocode", "40,5"])
        #expect(sea.status == 2)
        #expect(sea.stderr == "mapsnap: error: 40,5 is outside the data, which covers andorra (1.422104,42.43509,1.780386,42.65717), helsinki (24.935176,60.164155,24.953415,60.179113), monaco (7.349,43.71,7.491,43.77) (W,S,E,N)\n")
    }

    /// CRLF line ends, a byte-order mark and an item `{"geojson": "string"}` among good items:
    /// every good item is rendered, the bad one is a row naming the field.
    @Test func manifestWithCRLFABOMAndABadItem() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("items.jsonl")
        let text = "\u{FEFF}{\"id\": \"a\", \"center\": [43.7360, 7.4260], \"size\": [120, 90]}\r\n"
            + "{\"id\": \"bad\", \"geojson\": \"string\"}\r\n"
            + "{\"id\": \"b\", \"circles\": [\"43.7368,7.4252,150\"], \"size\": \"120x90\"}\r\n"
        try Data(text.utf8).write(to: manifest)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "-q"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(CLIRunner.pngSize(out.appendingPathComponent("a.png"))?.width == 120)
        #expect(CLIRunner.pngSize(out.appendingPathComponent("b.png"))?.width == 120)
        let report = try String(contentsOf: out.appendingPathComponent("batch-report.csv"), encoding: .utf8)
        let rows = report.split(separator: "\n").map(String.init)
        #expect(rows.count == 4)
        #expect(rows[1] == "a,ok,a.png,")
        #expect(rows[2].hasPrefix("bad,failed,,\"\(manifest.path):2: geojson: not valid JSON"), "\(rows[2])")
        #expect(rows[3] == "b,ok,b.png,")
    }

    /// The batch's --source reaches every item (batch workers once dropped it).
    @Test func batchSourceReachesEveryItem() throws {
        let dir = try CLIRunner.scratch()
        try Data(#"{"version": 8, "sources": {"omt": {"type": "vector", "url": "https://example.invalid/tiles.json"}}, "layers": [{"id": "bg", "type": "background"}, {"id": "w", "type": "fill", "source": "omt", "source-layer": "water"}]}"#.utf8)
            .write(to: dir.appendingPathComponent("remote.json"))
        let manifest = dir.appendingPathComponent("items.jsonl")
        try Data(#"{"id": "x", "style": "remote.json", "center": [43.7325, 7.4190], "zoom": 14, "size": [100, 80]}"#.utf8).write(to: manifest)
        let without = try CLIRunner.run(["batch", manifest.path, "-o", dir.appendingPathComponent("a").path, "-q"])
        #expect(without.status == 1)
        let with = try CLIRunner.run(["batch", manifest.path, "-o", dir.appendingPathComponent("b").path, "-q",
                                      "--source", "omt=\(CLIRunner.repositoryRoot.path)/data/monaco.mbtiles"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(CLIRunner.pngSize(dir.appendingPathComponent("b/x.png"))?.width == 100)
    }

    /// What an item's render warns of is kept in its row, where a batch's user looks.
    @Test func anItemsWarningsAreInItsRow() throws {
        let dir = try CLIRunner.scratch()
        let style = dir.appendingPathComponent("s.json")
        try #"{"version": 8, "sources": {"omt": {"type": "vector", "url": "mbtiles://x"}}, "layers": [{"id": "a", "type": "line", "source": "omt", "source-layer": "transportation"}, {"id": "i", "type": "symbol", "source": "omt", "source-layer": "poi", "layout": {"icon-image": "nosuchicon"}}]}"#
            .write(to: style, atomically: true, encoding: .utf8)
        let manifest = dir.appendingPathComponent("m.jsonl")
        try Data(#"{"id": "w", "style": "s.json", "sources": {"omt": "\#(CLIRunner.repositoryRoot.path)/data/monaco.mbtiles"}, "center": [43.736, 7.426], "zoom": 17, "size": [200, 150]}"#.utf8)
            .write(to: manifest)
        let r = try CLIRunner.run(["batch", manifest.path, "-o", dir.appendingPathComponent("out").path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try String(contentsOf: dir.appendingPathComponent("out/batch-report.csv"), encoding: .utf8)
        #expect(report.contains("w,ok,w.png,") && report.contains("warning: ") && report.contains("nosuchicon"), "\(report)")
    }

    /// An item whose view shows none of the data fails alone, naming the regions.
    @Test func anItemOutsideTheDataFails() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("items.jsonl")
        try Data((#"{"id": "sea", "center": [10, 10], "size": [64, 48]}"# + "\n" + #"{"id": "ok", "center": [43.7360, 7.4260], "size": [64, 48]}"#).utf8)
            .write(to: manifest)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "-q"])
        #expect(r.status == 1, "\(r.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("batch-report.csv"), encoding: .utf8)
        #expect(report.contains("sea,failed,,\"line 1: the view around 10,10 (lat,lon) is outside the data, which covers andorra"), "\(report)")
        #expect(CLIRunner.pngSize(out.appendingPathComponent("ok.png")) != nil)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("sea.png").path))
    }

    /// A crash while rendering one item fails that item only: its worker process is replaced.
    @Test func aCrashingItemFailsAlone() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("items.jsonl")
        let items = (1...4).map { #"{"id": "i\#($0)", "center": [43.7360, 7.4260], "size": [64, 48]}"# }
        try Data(items.joined(separator: "\n").utf8).write(to: manifest)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["batch", manifest.path, "-o", out.path, "--jobs", "1", "-q", "--inject-fault", "crash-item=i2"])
        #expect(r.status == 1, "\(r.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("batch-report.csv"), encoding: .utf8)
        #expect(report.contains("i2,failed,,line 2: rendering this item stopped its worker process (signal "), "\(report)")
        for id in ["i1", "i3", "i4"] { #expect(CLIRunner.pngSize(out.appendingPathComponent("\(id).png")) != nil, "\(id)") }
    }

    /// An item whose image would land on the manifest fails; the manifest is never overwritten.
    @Test func theManifestIsNeverOverwritten() throws {
        let dir = try CLIRunner.scratch()
        let manifest = dir.appendingPathComponent("m.png")
        let text = #"{"id": "m", "size": [64, 48]}"# + "\n" + #"{"id": "ok", "size": [64, 48]}"#
        try Data(text.utf8).write(to: manifest)
        let r = try CLIRunner.run(["batch", manifest.path, "-o", dir.path, "-q"])
        #expect(r.status == 1)
        #expect(try String(contentsOf: manifest, encoding: .utf8) == text)
        #expect(CLIRunner.pngSize(dir.appendingPathComponent("ok.png")) != nil)
    }
}
