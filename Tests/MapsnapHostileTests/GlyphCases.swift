/// Glyph PBF folders (`--glyphs`) and fonts (`mapsnap glyphs build`) that are missing, broken,
/// pipes or too big. A range that cannot be read is a warning and the labels fall back to system
/// fonts; a bad folder or font is refused naming it.
enum GlyphCases {
    static let all = folders + ranges + builds

    /// The default map, its labels from {in}/fonts.
    static let snap = Cmd.snap("--center", "43.7360,7.4260", "--zoom", "16", "--glyphs", "{in}/fonts")
    static let range = "{in}/fonts/Noto Sans Regular/0-255.pbf"
    static func rangeFixture(_ make: @escaping @Sendable (Scratch) throws -> Void) -> @Sendable (Scratch) throws -> Void {
        { s in try s.folder("{in}/fonts/Noto Sans Regular"); try make(s) }
    }

    static let folders: [HostileCase] = [
        .init("glyphs-folder-missing", snap, .badInput(["--glyphs", "{in}/fonts", "not a folder"])),
        .init("glyphs-folder-is-a-file", snap, .badInput(["--glyphs", "not a folder"]), fixture: { s in try s.write("{in}/fonts", "x") }),
        .init("text-engine-unknown", Cmd.snap("--text-engine", "sdf"), .badInput(["--text-engine", "auto, glyphs, pango"])),
    ]

    static let ranges: [HostileCase] = [
        .init("glyphs-range-fifo", snap, .fine(outputs: ["map.png"], warning: ["0-255.pbf", "FIFO‖named pipe"]),
              fixture: rangeFixture { s in try s.fifo(range) }).timeout(15),
        .init("glyphs-range-garbage", snap, .fine(outputs: ["map.png"], warning: ["0-255.pbf", "not a glyph PBF"]),
              fixture: rangeFixture { s in try s.write(range, "<html>not found</html>") }),
        .init("glyphs-range-truncated", snap, .fine(outputs: ["map.png"], warning: ["0-255.pbf", "not a glyph PBF"]),
              fixture: rangeFixture { s in try s.write(range, bytes: [0x0a, 0xff, 0xff, 0x03, 0x0a]) }),
        .init("glyphs-range-glyph-claims-1e9-pixels", snap, .fine(outputs: ["map.png"], warning: ["0-255.pbf", "out of range"]),
              // glyph { id 65, width 10^9, height 10^9 }
              fixture: rangeFixture { s in try s.write(range, bytes: [0x0a, 0x10, 0x1a, 0x0e, 0x08, 0x41, 0x18, 0x80, 0x94, 0xeb, 0xdc, 0x03,
                                                                         0x20, 0x80, 0x94, 0xeb, 0xdc, 0x03]) }),
        // glyph { id 65, 1x1, left: zigzag 2^64-1 = Int64.min }, which once trapped in abs(); and top alike.
        .init("glyphs-range-left-int64-min", snap, .fine(outputs: ["map.png"], warning: ["0-255.pbf", "left -9223372036854775808 is out of range"]),
              fixture: rangeFixture { s in try s.copy("{root}/Tests/FuzzRegressions/glyph-pbf/left-int64-min.pbf", range) }),
        .init("glyphs-range-top-int64-min", snap, .fine(outputs: ["map.png"], warning: ["0-255.pbf", "top -9223372036854775808 is out of range"]),
              fixture: rangeFixture { s in try s.copy("{root}/Tests/FuzzRegressions/glyph-pbf/top-int64-min.pbf", range) }),
        .init("glyphs-range-over-the-size-limit", snap, .fine(outputs: ["map.png"], warning: ["0-255.pbf", "MiB"]),
              fixture: rangeFixture { s in try s.write(range, "x"); try s.truncate(range, to: 600 << 20) }),
    ]

    static let builds: [HostileCase] = [
        .init("glyphs-build-font-missing", ["glyphs", "build", "{in}/none.ttf", "-o", "{out}/fonts"], .badInput(["{in}/none.ttf", "no such file"])),
        .init("glyphs-build-font-fifo", ["glyphs", "build", "{in}/f.ttf", "-o", "{out}/fonts"], .badInput(["{in}/f.ttf", "FIFO‖named pipe"]),
              fixture: { s in try s.fifo("{in}/f.ttf") }).timeout(15),
        .init("glyphs-build-font-garbage", ["glyphs", "build", "{in}/f.ttf", "-o", "{out}/fonts"], .badInput(["{in}/f.ttf", "not a font"]),
              fixture: { s in try s.write("{in}/f.ttf", "OTTO but not really") }),
        .init("glyphs-build-output-is-a-file", ["glyphs", "build", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", "-o", "{in}/out"],
              .badInput(["{in}/out", "not a folder"]), fixture: { s in try s.write("{in}/out", "x") }),
    ]
}
