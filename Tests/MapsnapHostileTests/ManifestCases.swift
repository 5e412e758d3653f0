import Foundation

/// Batch manifests: line ends, encodings, enormous fields, names that collide with the batch's own
/// files, and items that fail in every way. A bad item is a failed row; the others are rendered;
/// the report is always written; only an unreadable manifest stops the batch (exit 2).
enum ManifestCases {
    static let all = lines + items + manifests

    static let good = #"{"id": "a", "center": "43.7360,7.4260"}"#
    static let alsoGood = #"{"id": "c", "center": "43.7300,7.4200", "title": "ok"}"#
    /// A manifest of a good item, `middle` (line 2), and another good item.
    static func around(_ middle: String, name: String = "m.jsonl") -> @Sendable (Scratch) throws -> Void {
        { try $0.write("{in}/\(name)", "\(good)\n\(middle)\n\(alsoGood)\n") }
    }
    static func around(bytes middle: [UInt8], name: String = "m.jsonl") -> @Sendable (Scratch) throws -> Void {
        { try $0.write("{in}/\(name)", bytes: Array("\(good)\n".utf8) + middle + Array("\n\(alsoGood)\n".utf8)) }
    }
    /// Item b (line 2) fails with a message holding `mentions`; a and c are rendered.
    static func bFails(_ mentions: String...) -> HostileCase.Expect { .batch(exit: 1, ok: ["a", "c"], failed: ["b": mentions]) }
    static let batch = Cmd.batch("m.jsonl")

    static let lines: [HostileCase] = [
        .init("manifest-crlf", batch, .batch(exit: 0, ok: ["a", "c"], failed: [:]),
              fixture: { try $0.write("{in}/m.jsonl", "\(good)\r\n\(alsoGood)\r\n") }),
        .init("manifest-csv-bom-crlf", Cmd.batch("m.csv"), .batch(exit: 0, ok: ["a", "c"], failed: [:]),
              fixture: { try $0.write("{in}/m.csv", bytes: [0xEF, 0xBB, 0xBF] + Array("id,center,title\r\na,\"43.7360,7.4260\",x\r\nc,\"43.73,7.42\",\"two\r\nlines\"\r\n".utf8)) }),
        .init("manifest-jsonl-bom", batch, .batch(exit: 0, ok: ["a", "c"], failed: [:]),
              fixture: { try $0.write("{in}/m.jsonl", bytes: [0xEF, 0xBB, 0xBF] + Array("\(good)\n\(alsoGood)\n".utf8)) }),
        .init("manifest-invalid-utf8-in-one-line", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["line-2": ["2"]]),
              fixture: around(bytes: Array(#"{"id": "b", "title": "caf"#.utf8) + [0xC3, 0x28, 0xFF] + Array(#""}"#.utf8))),
        .init("manifest-csv-invalid-utf8-in-one-row", Cmd.batch("m.csv"), .batch(exit: 1, ok: ["a", "c"], failed: ["b‖line-3": ["3‖title"]]),
              fixture: { try $0.write("{in}/m.csv", bytes: Array("id,center,title\na,\"43.7360,7.4260\",x\nb,\"43.73,7.42\",caf".utf8) + [0xFF] + Array("\nc,\"43.73,7.42\",y\n".utf8)) }),
        .init("manifest-line-not-json", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["line-2": ["2"]]), fixture: around("{this is not json")),
        .init("manifest-line-an-array", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["line-2": ["object"]]), fixture: around("[1, 2]")),
        .init("manifest-line-deep-nesting", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["line-2": ["2"]]),
              fixture: around(#"{"id": "b", "x": "# + String(repeating: "[", count: 100_000))),
        .init("manifest-csv-row-with-extra-fields", Cmd.batch("m.csv"), .batch(exit: 1, ok: ["a", "c"], failed: ["line-3": ["fields"]]),
              fixture: { try $0.write("{in}/m.csv", "id,zoom\na,14\nb,14,extra,more\nc,13\n") }),
        .init("manifest-csv-unknown-column", Cmd.batch("m.csv"), .badInput(["{in}/m.csv", "frobnicate"]),
              fixture: { try $0.write("{in}/m.csv", "id,frobnicate\na,1\n") }),
    ]

    static let items: [HostileCase] = [
        .init("item-title-50-MB", batch, bFails("title", "1000‖1,000"),
              fixture: around(#"{"id": "b", "center": "43.73,7.42", "title": "\#(String(repeating: "T", count: 50 << 20))"}"#))
            .memoryLimit(mib: 2048).timeout(120),
        .init("item-caption-100-kB", batch, bFails("caption", "1000‖1,000"),
              fixture: around(#"{"id": "b", "center": "43.73,7.42", "caption": "\#(String(repeating: "C ", count: 50_000))"}"#)).timeout(60),
        .init("item-meters-1e-15", batch, bFails("meters", "0.01"), fixture: around(#"{"id": "b", "center": "43.73,7.42", "meters": 1e-15}"#)),
        .init("item-collision-boxes-maybe", batch, bFails("collision-boxes", "show, none"),
              fixture: around(#"{"id": "b", "center": "43.73,7.42", "collision-boxes": "maybe"}"#)),
        .init("item-center-1e308", batch, bFails("center", "90"), fixture: around(#"{"id": "b", "center": [1e308, 0]}"#)),
        .init("item-size-huge-integer", batch, bFails("size", "16384"), fixture: around(#"{"id": "b", "size": "4611686018427387904x1"}"#)),
        .init("item-size-16384x1-scale-4", batch, bFails("scale‖size", "16384"), fixture: around(#"{"id": "b", "size": [16384, 1], "scale": 4}"#)),
        .init("item-bearing-1e308", batch,
              .either(.batch(exit: 0, ok: ["a", "b", "c"], failed: [:]), bFails("bearing")),
              fixture: around(#"{"id": "b", "center": "43.73,7.42", "bearing": 1e308}"#)),
        .init("item-unknown-field", batch, bFails("frobnicate"), fixture: around(#"{"id": "b", "frobnicate": 1}"#)),
        .init("item-id-path-traversal", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["line-2": ["id"]]),
              fixture: around(#"{"id": "../escape", "center": "43.73,7.42"}"#))
            .check { s, _ in FileManager.default.fileExists(atPath: s.resolve("{root}/escape.png")) ? ["wrote outside the output folder"] : [] },
        .init("item-id-300-characters", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["line-2": ["id"]]),
              fixture: around(#"{"id": "\#(String(repeating: "x", count: 300))", "center": "43.73,7.42"}"#)),
        .init("item-id-200-characters", batch, .batch(exit: 0, ok: ["a", String(repeating: "y", count: 200), "c"], failed: [:]),
              fixture: around(#"{"id": "\#(String(repeating: "y", count: 200))", "center": "43.73,7.42"}"#)),
        .init("item-id-missing", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["line-2": ["id"]]), fixture: around(#"{"center": "43.73,7.42"}"#)),
        .init("item-duplicate-id", batch, .batch(exit: 1, ok: ["a", "c"], failed: ["a": ["twice‖duplicate"]]),
              fixture: around(#"{"id": "a", "center": "43.74,7.43"}"#)),
        .init("item-track-fifo", batch, bFails("t.gpx", "FIFO‖named pipe"),
              fixture: { s in try s.fifo("{in}/t.gpx"); try around(#"{"id": "b", "tracks": ["t.gpx"]}"#)(s) }).timeout(20),
        .init("item-track-missing", batch, bFails("t.gpx", "no such file"), fixture: around(#"{"id": "b", "tracks": ["t.gpx"]}"#)),
        .init("item-style-fifo", batch, bFails("s.json", "FIFO‖named pipe"),
              fixture: { s in try s.fifo("{in}/s.json"); try around(#"{"id": "b", "center": "43.73,7.42", "style": "s.json"}"#)(s) }).timeout(20),
        .init("item-10001-markers", batch, bFails("markers", "10000‖10,000"),
              fixture: around(#"{"id": "b", "markers": [\#(Array(repeating: #""43.73,7.42""#, count: 10_001).joined(separator: ","))]}"#)),
        .init("item-geojson-out-of-range", batch, bFails("geojson", "90‖180"),
              fixture: around(#"{"id": "b", "geojson": {"type": "Point", "coordinates": [200, 95]}}"#)),
        .init("item-marker-lat-95", batch, bFails("markers[0]", "90"), fixture: around(#"{"id": "b", "markers": [{"lat": 95, "lon": 7.42}]}"#)),
        .init("item-unicode-id", batch, .batch(exit: 0, ok: ["a", "café", "c"], failed: [:]), fixture: around(#"{"id": "café", "center": "43.73,7.42"}"#)),
    ]

    static let manifests: [HostileCase] = [
        .init("manifest-empty", batch, .badInput(["{in}/m.jsonl", "no items"]), fixture: { try $0.write("{in}/m.jsonl", "") }),
        .init("manifest-only-comments", batch, .badInput(["{in}/m.jsonl", "no items"]), fixture: { try $0.write("{in}/m.jsonl", "# nothing\n\n   \n") }),
        .init("manifest-missing", batch, .badInput(["{in}/m.jsonl", "no such file"])),
        .init("manifest-fifo", batch, .badInput(["{in}/m.jsonl", "FIFO‖named pipe"]), fixture: { try $0.fifo("{in}/m.jsonl") }).timeout(15),
        .init("manifest-folder", batch, .badInput(["{in}/m.jsonl", "folder"]), fixture: { try $0.folder("{in}/m.jsonl") }),
        .init("manifest-dev-zero", ["batch", "/dev/zero", "-o", "{out}"], .badInput(["/dev/zero", "device"])).memoryLimit(mib: 1024),
        .init("manifest-binary-garbage", Cmd.batch("m.bin"), .badInput(["{in}/m.bin"]),
              fixture: { try $0.write("{in}/m.bin", bytes: (0..<4096).map { UInt8(($0 * 131 + 7) % 256) }) }),
        .init("item-output-overwrites-the-manifest", ["batch", "{out}/m.png", "--size", "128x128", "-o", "{out}"],
              .batch(exit: 1, ok: ["a"], failed: ["m": ["manifest"]]),
              fixture: { try $0.write("{out}/m.png", "\(good)\n{\"id\": \"m\", \"center\": \"43.73,7.42\"}\n") }),
        .init("report-would-overwrite-the-manifest", ["batch", "{out}/batch-report.csv", "--size", "128x128", "-o", "{out}"],
              .badInput(["batch-report.csv", "manifest"]),
              fixture: { try $0.write("{out}/batch-report.csv", "id,center\na,\"43.7360,7.4260\"\n") }),
        .init("batch-output-is-a-file", ["batch", "{in}/m.jsonl", "-o", "{in}/file"], .badInput(["--output", "{in}/file"]),
              fixture: { s in try s.write("{in}/file", "x"); try s.write("{in}/m.jsonl", good + "\n") }),
    ]
}
