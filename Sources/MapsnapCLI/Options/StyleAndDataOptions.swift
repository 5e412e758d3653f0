import MapsnapKit

/// Which style and which data: shared by `snapshot`, `tiles`, `batch`, `geocode` and (its data
/// options, with a `--style` of its own that names several styles) `serve`.
public enum StyleAndDataOptions {
    static func group<C: RequestContext>() -> OptionGroup<C> {
        OptionGroup("Style and data", [
            .field("style", ["--style"], help: "built-in style name (light, dark, bright) or a style JSON file (default light)"),
        ] + dataOptions())
    }

    /// `--tiles`, `--source`, `--sprite` and `--glyphs`: where the style's data comes from; `--text-engine`.
    public static func dataOptions<C: RequestContext>() -> [Option<C>] {
        [
            .field("tiles", ["--tiles"], "PATH", help: "MBTiles or PMTiles archive (or a folder of them) for the style's vector sources (repeatable)"),
            .field("sources", ["--source"], help: "MBTiles or PMTiles for the style source NAME (styles with remote sources; repeatable)"),
            .field("sprite", ["--sprite"], help: "local sprite (PATH.json + PATH.png, @2x too) instead of the style's"),
            .field("glyphs", ["--glyphs"], help: "folder of glyph PBFs (DIR/{fontstack}/{range}.pbf) instead of the style's glyphs"),
            .field("text-engine", ["--text-engine"], help: "labels from the style's glyphs as MapLibre draws them, or system fonts (default auto: glyphs when available)"),
        ]
    }
}
