import MapsnapStyle
import MapsnapTiles

struct GlyphShapeKey: Hashable {
    let text: String, font: [String], maxWidth: Double, lineHeight: Double, spacing: Double, justify: Double
    /// Rich text's sections (empty for plain text).
    var sections: [TextSection] = []
    var vertical = false
}

extension RenderFrame {
    /// A label laid out from the style's glyph PBFs at `size` points, or nil when text is drawn
    /// with system fonts: no glyph library, or (engine `auto`) a character no font of the stack has.
    /// `maxWidth`, `lineHeight` and `letterSpacing` are in ems, as the style gives them; `maxWidth`
    /// nil for labels along lines (never broken). `sections`: rich text (`format`), each with its
    /// own scale, font stack and colour; `string` is then their joined text.
    func glyphText(_ string: String, font: [String], size: Double, maxWidth: Double?, lineHeight: Double,
                   letterSpacing: Double, justify: TextAlignment, sections: [TextSection]? = nil,
                   vertical: Bool = false) -> ShapedText? {
        guard let glyphs, !string.isEmpty, size > 0 else { return nil }
        let em = GlyphShaping.oneEm
        let key = GlyphShapeKey(text: string, font: font, maxWidth: maxWidth.map { $0 * em } ?? .infinity, lineHeight: lineHeight * em,
                                spacing: letterSpacing * em, justify: justify == .left ? 0 : justify == .right ? 1 : 0.5,
                                sections: sections ?? [], vertical: vertical)
        let shaping: GlyphShaping?
        if let cached = text.glyphShapeCache[key] {
            shaping = cached
        } else {
            let warnings = self.warnings
            let runs = key.sections.isEmpty ? [GlyphShaper.Run(string)] : key.sections.map { GlyphShaper.Run($0.text, scale: $0.scale ?? 1) }
            let fonts = key.sections.isEmpty ? [font] : key.sections.map { $0.font ?? font }
            shaping = GlyphShaper.shape(runs, lookup: { glyphs.glyph($0, in: fonts[$1], warnings: warnings) }, maxWidth: key.maxWidth,
                                        lineHeight: key.lineHeight, spacing: key.spacing, justify: key.justify, vertical: vertical)
            if let missing = shaping?.missing, !missing.isEmpty {
                let names = missing.prefix(3).map { String(format: "U+%04X", $0) }.joined(separator: ", ")
                warnings.warn("glyphs: font stack '\(font.joined(separator: ","))' has no glyph for \(names)"
                              + (glyphsOnly ? "; left out" : "; such labels are drawn with system fonts"))
            }
            if text.glyphShapeCache.count > 4096 { text.glyphShapeCache.removeAll(keepingCapacity: true) }
            text.glyphShapeCache[key] = shaping
        }
        guard let shaping, glyphsOnly || shaping.missing.isEmpty else { return nil }
        let shaped = ShapedText(glyphs: shaping, size: size)
        shaped.sectionColors = sections?.map(\.color) ?? []
        return shaped
    }
}
