import Foundation

/// One input format mapsnap reads, with the entry point that feeds it bytes the way mapsnap would:
/// decode, then walk everything decoded (every layer, feature, property, item), so that lazily
/// decoded parts are reached too. libFuzzer (`mapsnap-fuzz`, scripts/fuzz.sh) and the regression
/// test (Tests/FuzzRegressions) call the same `run`.
///
/// An entry point must never trap on any input: every trap, sanitizer report, hang or runaway
/// allocation it meets is a bug in the decoder, not in the harness.
public struct FuzzTarget: Sendable {
    /// The name on the command line and the folder of its regression inputs (`mvt`, `style`, …).
    public let name: String
    /// One line for `--list`.
    public let summary: String
    public let run: @Sendable (Data) -> FuzzVerdict

    init(_ name: String, _ summary: String, run: @escaping @Sendable (Data) -> FuzzVerdict) {
        self.name = name
        self.summary = summary
        self.run = run
    }

    /// Every target, in the pipeline's order.
    public static let all: [FuzzTarget] = [
        .mvt, .inflate, .brotli, .zstd, .mbtiles, .pmtiles, .style, .expression, .spriteIndex, .glyphPBF, .png, .rasterTile, .gpx, .gpxSplit, .csvFixes, .geoJSON, .manifest,
    ] + serve

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
