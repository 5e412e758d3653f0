import MapsnapTiles

struct GlyphShapeKey: Hashable {
    let text: String, font: [String], maxWidth: Double, lineHeight: Double, spacing: Double, justify: Double
}

extension RenderFrame {
    /// A label laid out from the style's glyph PBFs at `size` points, or nil when text is drawn
    /// with system fonts: no glyph library, or (engine `auto`) a character no font of the stack has.
    /// `maxWidth`, `lineHeight` and `letterSpacing` are in ems, as the style gives them; `maxWidth`
    /// nil for labels along lines (never broken).
    func glyphText(_ string: String, font: [String], size: Double, maxWidth: Double?, lineHeight: Double,
                   letterSpacing: Double, justify: TextAlignment) -> ShapedText? {
        guard let glyphs, !string.isEmpty, size > 0 else { return nil }
        let em = GlyphShaping.oneEm
        let key = GlyphShapeKey(text: string, font: font, maxWidth: maxWidth.map { $0 * em } ?? .infinity, lineHeight: lineHeight * em,
                                spacing: letterSpacing * em, justify: justify == .left ? 0 : justify == .right ? 1 : 0.5)
        let shaping: GlyphShaping?
        if let cached = text.glyphShapeCache[key] {
            shaping = cached
        } else {
            let warnings = self.warnings
            shaping = GlyphShaper.shape(string, lookup: { glyphs.glyph($0, in: font, warn: warnings.warn) }, maxWidth: key.maxWidth,
                                        lineHeight: key.lineHeight, spacing: key.spacing, justify: key.justify)
            if let missing = shaping?.missing, !missing.isEmpty {
                let names = missing.prefix(3).map { String(format: "U+%04X", $0) }.joined(separator: ", ")
                warnings.warn("glyphs: font stack '\(font.joined(separator: ","))' has no glyph for \(names)"
                              + (glyphsOnly ? "; left out" : "; such labels are drawn with system fonts"))
            }
            if text.glyphShapeCache.count > 4096 { text.glyphShapeCache.removeAll(keepingCapacity: true) }
            text.glyphShapeCache[key] = shaping
        }
        guard let shaping, glyphsOnly || shaping.missing.isEmpty else { return nil }
        return ShapedText(glyphs: shaping, size: size)
    }
}
