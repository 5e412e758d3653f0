import MapsnapStyle
import MapsnapTiles

struct GlyphShapeKey: Hashable {
    let text: String, font: [String], maxWidth: Double, lineHeight: Double, spacing: Double, justify: Double
    /// Rich text's sections (empty for plain text).
    var sections: [TextSection] = []
    var vertical = false
    /// A column along a line (only glyphs upright in vertical text stand upright).
    var alongLine = false
    /// The text size at the tile's zoom, and a zoom above, which images in the text are laid out at
    /// (`oneEm` for text without images).
    var layoutTextSize = GlyphShaping.oneEm
    var breakTextSize = GlyphShaping.oneEm
}

extension RenderFrame {
    /// A label laid out from the style's glyph PBFs at `size` points, or nil when text is drawn
    /// with system fonts: no glyph library, or (engine `auto`) a character no font of the stack has.
    /// `maxWidth`, `lineHeight` and `letterSpacing` are in ems, as the style gives them; `maxWidth`
    /// nil for labels along lines (never broken). `sections`: rich text (`format`), each with its
    /// own scale, font stack and colour, or an image; `string` is then their joined text.
    /// `layoutTextSize`: the text size at the tile's zoom and a zoom above, which images are laid
    /// out at (nil: `size`).
    func glyphText(_ string: String, font: [String], size: Double, maxWidth: Double?, lineHeight: Double,
                   letterSpacing: Double, justify: TextAlignment, sections: [TextSection]? = nil,
                   vertical: Bool = false, alongLine: Bool = false,
                   layoutTextSize: (thisZoom: Double, nextZoom: Double)? = nil) -> ShapedText? {
        guard let glyphs, !string.isEmpty, size > 0 else { return nil }
        let em = GlyphShaping.oneEm
        let hasImages = sections?.contains { $0.image != nil } ?? false
        let key = GlyphShapeKey(text: string, font: font, maxWidth: maxWidth.map { $0 * em } ?? .infinity, lineHeight: lineHeight * em,
                                spacing: letterSpacing * em, justify: justify == .left ? 0 : justify == .right ? 1 : 0.5,
                                sections: sections ?? [], vertical: vertical, alongLine: vertical && alongLine,
                                // Only images depend on it (plain text keeps one cache entry).
                                layoutTextSize: hasImages ? layoutTextSize?.thisZoom ?? size : em,
                                breakTextSize: hasImages ? layoutTextSize?.nextZoom ?? size : em)
        let shaping: GlyphShaping?
        if let cached = text.glyphShapeCache[key] {
            shaping = cached
        } else {
            let warnings = self.warnings
            let sections = key.sections.filter(isDrawn)
            for name in key.sections.compactMap(\.image) where sprites?.icons[name] == nil {
                warnings.warn("image '\(name)' in a formatted text-field is not in the sprite; the text is drawn without it")
            }
            let runs = key.sections.isEmpty ? [GlyphShaper.Run(string)] : sections.map(run)
            let fonts = key.sections.isEmpty ? [font] : sections.map { $0.font ?? font }
            shaping = GlyphShaper.shape(runs, lookup: { glyphs.glyph($0, in: fonts[$1], warnings: warnings) }, maxWidth: key.maxWidth,
                                        lineHeight: key.lineHeight, spacing: key.spacing, justify: key.justify, vertical: vertical, alongLine: key.alongLine,
                                        layoutTextSize: key.layoutTextSize, breakTextSize: key.breakTextSize)
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
        shaped.sectionColors = sections?.filter(isDrawn).map(\.color) ?? []
        return shaped
    }

    /// Whether a section is shaped: text always; an image when the sprite has it (MapLibre leaves
    /// out an image it lacks).
    private func isDrawn(_ section: TextSection) -> Bool {
        section.image.map { sprites?.icons[$0] != nil } ?? true
    }

    /// A section as the shaper takes it: text with its scale, or an image from the sprite.
    private func run(_ section: TextSection) -> GlyphShaper.Run {
        let align = switch section.verticalAlign ?? .bottom {
            case .top: 0.0
            case .center: 0.5
            case .bottom: 1.0
        }
        if let name = section.image, let icon = sprites?.icons[name] { return GlyphShaper.Run(image: icon, verticalAlign: align) }
        return GlyphShaper.Run(section.text, scale: section.scale ?? 1, verticalAlign: align)
    }
}
