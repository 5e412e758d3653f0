/// Sprite sheets (an index JSON plus a PNG) and marker icon images that are broken or lie about
/// their rectangles. A broken sheet is refused naming the file and the actual problem (never "no
/// such sprite file" when the file is there).
enum SpriteCases {
    static let all = sheets + rectangles + markerIcons

    static let style = "{in}/s.json"
    /// Monaco's points of interest drawn as the sprite's icon "dot".
    static let snap = Cmd.snap("--style", style, "--sprite", "{in}/sp", "--center", "43.7360,7.4260", "--zoom", "17")
    static let iconLayer = #"{"id": "icons", "type": "symbol", "source": "openmaptiles", "source-layer": "poi", "layout": {"icon-image": "dot", "icon-allow-overlap": true}}"#

    /// The style, `sp.json` with the icon `dot` (its members as given) and `sp.png` (a PNG kind, see
    /// `Scratch.png`, or nil for none).
    static func sheet(_ members: String = #""x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1"#,
                      png: String? = "rgba-16x16", json: String? = nil) -> @Sendable (Scratch) throws -> Void {
        { s in
            try s.style(style, layers: [iconLayer])
            try s.write("{in}/sp.json", json ?? #"{"dot": {\#(members)}}"#)
            if let png { try s.png("{in}/sp.png", png) }
        }
    }
    /// Drawn (the bad icon skipped, perhaps with a warning) or the sheet refused naming its file.
    static let iconRefused = HostileCase.Expect.either(Cmd.map, .badInput(["--sprite", "{in}/sp"]))

    static let sheets: [HostileCase] = [
        .init("sprite-png-garbage", snap, .badInput(["--sprite", "{in}/sp.png", "PNG‖png"]), fixture: sheet(png: "garbage"))
            .check { _, o in o.stderr.contains("no such") ? ["says 'no such' although the file is there"] : [] },
        .init("sprite-png-0x0", snap, .badInput(["--sprite", "{in}/sp.png"]), fixture: sheet(png: "zero"))
            .check { _, o in o.stderr.contains("no such") ? ["says 'no such' although the file is there"] : [] },
        .init("sprite-png-truncated", snap, .badInput(["--sprite", "{in}/sp.png"]), fixture: sheet(png: "truncated")),
        .init("sprite-png-bad-crc", snap, .badInput(["--sprite", "{in}/sp.png"]), fixture: sheet(png: "bad-crc")),
        .init("sprite-png-claims-100000-squared", snap, .badInput(["--sprite", "{in}/sp.png"]), fixture: sheet(png: "huge-header"))
            .memoryLimit(mib: 1024),
        .init("sprite-png-missing", snap, .badInput(["--sprite", "{in}/sp.png", "no such"]), fixture: sheet(png: nil)),
        .init("sprite-png-fifo", snap, .badInput(["--sprite", "{in}/sp.png", "FIFO‖named pipe"]),
              fixture: { s in try sheet(png: nil)(s); try s.fifo("{in}/sp.png") }).timeout(15),
        .init("sprite-json-fifo", snap, .badInput(["--sprite", "{in}/sp.json", "FIFO‖named pipe"]),
              fixture: { s in try s.style(style, layers: [iconLayer]); try s.fifo("{in}/sp.json"); try s.png("{in}/sp.png", "rgba-16x16") })
            .timeout(15),
        .init("sprite-json-invalid", snap, .badInput(["--sprite", "{in}/sp.json"]), fixture: sheet(json: "{\"dot\": ")),
        .init("sprite-json-array", snap, .badInput(["--sprite", "{in}/sp.json"]), fixture: sheet(json: "[]")),
        .init("sprite-json-folder", snap, .badInput(["--sprite", "{in}/sp.json", "folder"]),
              fixture: { s in try s.style(style, layers: [iconLayer]); try s.folder("{in}/sp.json"); try s.png("{in}/sp.png", "rgba-16x16") }),
    ]

    static let rectangles: [HostileCase] = [
        .init("sprite-icon-x-int-max", snap, iconRefused, fixture: sheet(#""x": 9223372036854775807, "y": 0, "width": 8, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-width-int-max", snap, iconRefused, fixture: sheet(#""x": 0, "y": 0, "width": 9223372036854775807, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-x-1e308", snap, iconRefused, fixture: sheet(#""x": 1e308, "y": 0, "width": 8, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-outside-image", snap, iconRefused, fixture: sheet(#""x": 1000, "y": 1000, "width": 8, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-overhanging-edge", snap, iconRefused, fixture: sheet(#""x": 12, "y": 12, "width": 8, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-negative-size", snap, iconRefused, fixture: sheet(#""x": 0, "y": 0, "width": -8, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-zero-size", snap, iconRefused, fixture: sheet(#""x": 0, "y": 0, "width": 0, "height": 0, "pixelRatio": 1"#)),
        .init("sprite-icon-pixel-ratio-zero", snap, iconRefused, fixture: sheet(#""x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 0"#)),
        .init("sprite-icon-pixel-ratio-1e308", snap, iconRefused, fixture: sheet(#""x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1e308"#)),
        .init("sprite-icon-fractional-x", snap, iconRefused, fixture: sheet(#""x": 0.5, "y": 0, "width": 8, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-x-is-text", snap, iconRefused, fixture: sheet(#""x": "zero", "y": 0, "width": 8, "height": 8, "pixelRatio": 1"#)),
        .init("sprite-icon-stretch-x-out-of-range", snap, iconRefused,
              fixture: sheet(#""x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1, "stretchX": [[-1e308, 1e308]], "content": [0, 0, 1e308, 1e308]"#)),
    ]

    static let icon = "{in}/icon.png"
    static func markerIcon(_ more: String = "") -> [String] { Cmd.snap("--marker-icon", "43.7360,7.4260,\(icon)\(more)") }

    static let markerIcons: [HostileCase] = [
        .init("marker-icon-garbage", markerIcon(), .badInput(["--marker-icon", icon]), fixture: { try $0.png(icon, "garbage") }),
        .init("marker-icon-0x0", markerIcon(), .badInput(["--marker-icon", icon]), fixture: { try $0.png(icon, "zero") }),
        .init("marker-icon-claims-100000-squared", markerIcon(), .badInput(["--marker-icon", icon]), fixture: { try $0.png(icon, "huge-header") })
            .memoryLimit(mib: 1024),
        // A small file of a huge image: refused from its header, before 1.6 GB are decoded.
        .init("marker-icon-20000-squared", markerIcon(), .badInput(["--marker-icon", icon, "20000x20000", "2048"]),
              fixture: { try $0.png(icon, "zeros-20000x20000") }).memoryLimit(mib: 512).timeout(60),
        .init("marker-icon-missing", markerIcon(), .badInput(["--marker-icon", icon, "no such"])),
        .init("marker-icon-fifo", markerIcon(), .badInput(["--marker-icon", icon, "FIFO‖named pipe"]), fixture: { try $0.fifo(icon) }).timeout(15),
        .init("marker-icon-folder", markerIcon(), .badInput(["--marker-icon", icon, "folder"]), fixture: { try $0.folder(icon) }),
        .init("marker-icon-4096-squared-scale-16", markerIcon(",center,16"), .mapOrBadInput(["--marker-icon"]),
              fixture: { try $0.png(icon, "rgba-4096x4096") }).timeout(60),
    ]
}
