/// Track and overlay files (GPX, CSV, GeoJSON): malformed, out of range, enormous, or not files.
enum OverlayCases {
    static let all = gpx + csv + geojson + notFiles

    static func track(_ file: String) -> [String] { Cmd.snap("--track", "{in}/\(file)") }
    static func overlay(_ file: String) -> [String] { Cmd.snap("--overlay", "{in}/\(file)") }
    static func file(_ name: String, _ text: String) -> @Sendable (Scratch) throws -> Void { { try $0.write("{in}/\(name)", text) } }
    static func gpxPoints(_ points: String) -> String {
        #"<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>\#(points)</trkseg></trk></gpx>"#
    }
    static let twoPoints = #"<trkpt lat="43.73" lon="7.42"/><trkpt lat="43.74" lon="7.43"/>"#
    /// Drawn (bad fixes dropped, perhaps with a warning) or refused naming the file.
    static func drawnOrRefused(_ option: String, _ name: String) -> HostileCase.Expect {
        .either(Cmd.map, .badInput([option, "{in}/\(name)"]))
    }
    static let pointLimit = "5000000‖5,000,000"

    static let gpx: [HostileCase] = [
        .init("gpx-unclosed", track("t.gpx"), .badInput(["--track", "{in}/t.gpx", "line‖:"]),
              fixture: file("t.gpx", #"<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="43.73" lon="7.42">"#)),
        .init("gpx-empty-file", track("t.gpx"), .badInput(["--track", "{in}/t.gpx"]), fixture: file("t.gpx", "")),
        .init("gpx-no-points", track("t.gpx"), drawnOrRefused("--track", "t.gpx"), fixture: file("t.gpx", gpxPoints(""))),
        .init("gpx-lat-1e308", track("t.gpx"), drawnOrRefused("--track", "t.gpx"),
              fixture: file("t.gpx", gpxPoints(#"<trkpt lat="1e308" lon="7.42"/><trkpt lat="43.74" lon="7.43"/>"#))),
        .init("gpx-lat-91", track("t.gpx"), drawnOrRefused("--track", "t.gpx"),
              fixture: file("t.gpx", gpxPoints(#"<trkpt lat="91" lon="7.42"/><trkpt lat="43.74" lon="7.43"/>"#))),
        .init("gpx-lat-nan", track("t.gpx"), drawnOrRefused("--track", "t.gpx"),
              fixture: file("t.gpx", gpxPoints(#"<trkpt lat="nan" lon="7.42"/><trkpt lat="43.74" lon="7.43"/>"#))),
        .init("gpx-deep-nesting", track("t.gpx"), drawnOrRefused("--track", "t.gpx"),
              fixture: file("t.gpx", #"<?xml version="1.0"?><gpx>"# + String(repeating: "<a>", count: 200_000) + "</gpx>")),
        .init("gpx-billion-laughs", track("t.gpx"), drawnOrRefused("--track", "t.gpx"),
              fixture: file("t.gpx", """
              <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
              <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
              <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>
              <gpx><trk><name>&f;&f;&f;&f;&f;&f;&f;&f;</name><trkseg>\(twoPoints)</trkseg></trk></gpx>
              """)).memoryLimit(mib: 1024),
        .init("gpx-invalid-utf8", track("t.gpx"), drawnOrRefused("--track", "t.gpx"),
              fixture: { try $0.write("{in}/t.gpx", bytes: Array(gpxPoints(twoPoints).utf8.prefix(40)) + [0xC3, 0x28, 0xFF] + Array(gpxPoints(twoPoints).utf8.dropFirst(40))) }),
        .init("gpx-crlf-and-bom", track("t.gpx"), Cmd.map,
              fixture: { try $0.write("{in}/t.gpx", bytes: [0xEF, 0xBB, 0xBF] + Array(gpxPoints(twoPoints).replacingOccurrences(of: "><", with: ">\r\n<").utf8)) }),
        .init("gpx-time-garbage", track("t.gpx"), drawnOrRefused("--track", "t.gpx"),
              fixture: file("t.gpx", gpxPoints(#"<trkpt lat="43.73" lon="7.42"><time>yesterday</time></trkpt><trkpt lat="43.74" lon="7.43"><time>99999-99-99T99:99:99Z</time></trkpt>"#))),
    ]

    static let csv: [HostileCase] = [
        .init("csv-not-numbers", track("t.csv"), .badInput(["--track", "{in}/t.csv"]), fixture: file("t.csv", "lat,lon\nnorth,east\nsouth,west\n")),
        .init("csv-lat-1e308", track("t.csv"), drawnOrRefused("--track", "t.csv"), fixture: file("t.csv", "lat,lon\n1e308,7.42\n43.74,7.43\n")),
        .init("csv-accuracy-nan", track("t.csv"), drawnOrRefused("--track", "t.csv"), fixture: file("t.csv", "lat,lon,accuracy_m\n43.73,7.42,nan\n43.74,7.43,-1\n")),
        .init("csv-header-only", track("t.csv"), drawnOrRefused("--track", "t.csv"), fixture: file("t.csv", "lat,lon\n")),
        .init("csv-unterminated-quote", track("t.csv"), .badInput(["--track", "{in}/t.csv"]), fixture: file("t.csv", "lat,lon\n\"43.73,7.42\n43.74,7.43\n")),
        // The message names the problem, not the 100,000 digits.
        .init("csv-field-of-100000-digits", track("t.csv"), .badInput(["--track", "{in}/t.csv", "is not a number", "100001 characters"]),
              fixture: file("t.csv", "lat,lon\n43.73," + String(repeating: "7", count: 100_001) + "\n")),
        .init("csv-one-column", track("t.csv"), .badInput(["--track", "{in}/t.csv"]), fixture: file("t.csv", "lat\n43.73\n43.74\n")),
        .init("csv-10-million-points", track("t.csv"), .badInput(["--track", pointLimit]), fixture: { try $0.points("{in}/t.csv", 10_000_000) })
            // Reading stops at 5,000,000 points, which a debug build takes ~25 s for on a quiet
            // machine; the bound only tells a hang from slowness under load.
            .timeout(300),
        .init("tracks-101-files", Cmd.snap(Array(repeating: ["--track", "{in}/t.csv"], count: 101).flatMap { $0 }), .badInput(["--track", "100"]),
              fixture: file("t.csv", "lat,lon\n43.73,7.42\n43.74,7.43\n")),
    ]

    static let geojson: [HostileCase] = [
        .init("geojson-malformed", overlay("o.geojson"), .badInput(["--overlay", "{in}/o.geojson", ":1:‖line‖column"]),
              fixture: file("o.geojson", #"{"type": "FeatureCollection", "features": [{"type": "Feature",]}"#)),
        .init("geojson-out-of-range", overlay("o.geojson"), .badInput(["--overlay", "{in}/o.geojson", "90‖180"]),
              fixture: file("o.geojson", #"{"type": "Point", "coordinates": [200, 95]}"#)),
        .init("geojson-coordinate-1e308", overlay("o.geojson"), .badInput(["--overlay", "{in}/o.geojson", "90‖180"]),
              fixture: file("o.geojson", #"{"type": "LineString", "coordinates": [[7.42, 43.73], [1e308, -1e308]]}"#)),
        .init("geojson-title-1-MB", overlay("o.geojson"), .either(Cmd.map, .badInput(["--overlay", "{in}/o.geojson", "1000‖1,000"])),
              fixture: file("o.geojson", #"{"type": "Feature", "properties": {"title": "\#(String(repeating: "T", count: 1 << 20))"}, "geometry": {"type": "Point", "coordinates": [7.42, 43.73]}}"#)),
        .init("geojson-ring-of-one-point", overlay("o.geojson"), drawnOrRefused("--overlay", "o.geojson"),
              fixture: file("o.geojson", #"{"type": "Polygon", "coordinates": [[[7.42, 43.73]]]}"#)),
        .init("geojson-unknown-type", overlay("o.geojson"), .badInput(["--overlay", "{in}/o.geojson", "Nonsense"]),
              fixture: file("o.geojson", #"{"type": "Nonsense", "coordinates": [7.42, 43.73]}"#)),
        .init("geojson-deep-nesting", overlay("o.geojson"), .badInput(["--overlay", "{in}/o.geojson"]),
              fixture: file("o.geojson", #"{"type": "Point", "coordinates": "# + String(repeating: "[", count: 100_000))),
        .init("geojson-10001-points", overlay("o.geojson"), .either(Cmd.map, .badInput(["--overlay", "10000‖10,000"])),
              fixture: file("o.geojson", #"{"type": "MultiPoint", "coordinates": [\#(Array(repeating: "[7.42, 43.73]", count: 10_001).joined(separator: ","))]}"#))
            .timeout(60),
        .init("geojson-marker-color-garbage", overlay("o.geojson"), drawnOrRefused("--overlay", "o.geojson"),
              fixture: file("o.geojson", ##"{"type": "Feature", "properties": {"marker-color": "#zzzzzz", "stroke-width": 1e308}, "geometry": {"type": "LineString", "coordinates": [[7.42, 43.73], [7.43, 43.74]]}}"##)),
    ]

    static let notFiles: [HostileCase] = [
        .init("track-fifo", track("t.gpx"), .badInput(["--track", "{in}/t.gpx", "FIFO‖named pipe"]), fixture: { try $0.fifo("{in}/t.gpx") }).timeout(15),
        .init("track-folder", track("t.gpx"), .badInput(["--track", "{in}/t.gpx", "folder"]), fixture: { try $0.folder("{in}/t.gpx") }),
        .init("track-dev-zero", Cmd.snap("--track", "/dev/zero"), .badInput(["--track", "/dev/zero"])).memoryLimit(mib: 1024),
        .init("track-missing", track("t.gpx"), .badInput(["--track", "{in}/t.gpx", "no such file"])),
        .init("track-unknown-extension", track("t.txt"), .badInput(["--track", "{in}/t.txt", "gpx‖.txt"]), fixture: file("t.txt", "43.73,7.42\n")),
        .init("overlay-fifo", overlay("o.geojson"), .badInput(["--overlay", "{in}/o.geojson", "FIFO‖named pipe"]),
              fixture: { try $0.fifo("{in}/o.geojson") }).timeout(15),
        .init("overlay-missing", overlay("o.geojson"), .badInput(["--overlay", "{in}/o.geojson", "no such file"])),
    ]
}
