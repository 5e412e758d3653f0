import Foundation

/// Which style to draw and where its data comes from: the style (a built-in name or a style JSON
/// file), archives that replace its vector sources, per-source archives for styles whose sources
/// are remote URLs, and a local sprite. Hashable: workers keep one loaded `Snapshotter` per
/// selection.
public struct StyleSelection: Hashable, Sendable {
    public var style: StyleReference = .defaultStyle
    /// Archives (MBTiles files, or folders of them) read for every vector source of the style
    /// instead of its own URL; several archives with disjoint regions draw side by side.
    public var tiles: [String] = []
    /// Style source name → a local archive (or a folder of archives).
    public var sources: [String: String] = [:]
    /// A local sprite (a path without `.json`/`.png`) instead of the style's.
    public var sprite: String?
    /// A folder of glyph PBFs (`DIR/{fontstack}/{range}.pbf`) instead of the style's `glyphs`.
    public var glyphs: String?

    public init(style: StyleReference = .defaultStyle, tiles: [String] = [], sources: [String: String] = [:], sprite: String? = nil) {
        self.style = style
        self.tiles = tiles
        self.sources = sources
        self.sprite = sprite
    }
}
