import Foundation
import MapsnapRender
import MapsnapTiles

extension FuzzTarget {
    /// A glyph PBF (one 256-code-point range), decoded, then a label laid out from its glyphs
    /// with line breaking, as the glyph text engine does.
    static let glyphPBF = FuzzTarget("glyph-pbf", "glyph PBF decoder and the shaper over its glyphs") { data in
        FuzzVerdict.of {
            let range = try GlyphRange.decode(data)
            let text = String(String.UnicodeScalarView(range.glyphs.keys.sorted().prefix(40).compactMap(Unicode.Scalar.init)))
            for maxWidth: Double in [0, 10 * 24, .infinity] {
                _ = GlyphShaper.shape(text + " " + text, lookup: { range.glyphs[$0] }, maxWidth: maxWidth, lineHeight: 28.8,
                                      spacing: 1, justify: 0.5)
            }
        }
    }
}
