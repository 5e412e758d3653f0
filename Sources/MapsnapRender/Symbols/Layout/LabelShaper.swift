import MapsnapGeo
import MapsnapStyle

/// Shaping (MapLibre's `shaping`) for one symbol's text, as its layer says: from the style's glyph
/// PBFs when it has them (laid out as MapLibre does), else with the system's fonts (Pango). Kept
/// as closures because placement shapes again: at another size where a pitched camera scales the
/// label, justified toward the variable anchor it takes, or as a vertical column.
struct LabelShaper {
    /// The text at a multiple of its size, justified as given (nil: as the layer says).
    let shapedAt: (Double, TextAlignment?) -> ShapedText?
    /// The text as a vertical column at a multiple of its size: a point label's with
    /// `text-writing-mode` vertical, or (MapLibre's verticalized line label) one along a line kept
    /// upright, drawn where the line is steep. nil when it cannot run vertically (text with
    /// nothing to stand upright).
    let vertical: ((Double) -> ShapedText?)?
    /// `text-justify: auto` with variable anchors: the lines are justified toward the anchor
    /// the label takes, as MapLibre shapes once per justification.
    let justifiesToAnchor: Bool

    init(_ string: String, sections: [TextSection]?, size: Double, alongLine: Bool, style: SymbolStyle,
         feature: any Feature, frame: RenderFrame) {
        // Lines have no width limit: their text runs along the line as one row.
        let maxWidth = alongLine ? nil : style.layout.textMaxWidth.evaluate(for: feature) * size
        let justify: TextAlignment = switch style.layout.textJustify.evaluate(for: feature) {
            case .left: .left
            case .right: .right
            case .center: .center
            // MapLibre justifies toward the anchor (with variable anchors, the one taken).
            case .auto: VariableTextAnchors.justification(of: style.layout.textAnchor.evaluate(for: feature))
        }
        justifiesToAnchor = style.layout.textJustify.evaluate(for: feature) == .auto
            && (style.layout.textVariableAnchor != nil || style.layout.textVariableAnchorOffset != nil)
        let font = style.layout.textFont.evaluate(for: feature)
        let lineHeight = style.layout.textLineHeight.evaluate(for: feature)
        let letterSpacing = style.layout.textLetterSpacing.evaluate(for: feature)
        let text = frame.text
        let maxWidthEms = alongLine ? nil : style.layout.textMaxWidth.evaluate(for: feature)
        let layoutTextSize = (style.layout.textSize.evaluate(for: feature), style.textSizeAboveLayoutZoom.evaluate(for: feature))
        // From the style's glyphs (MapLibre's shaping), when there are.
        let glyphShaped = { [string, sections, frame] (scale: Double, justify: TextAlignment, vertical: Bool) in
            frame.glyphText(string, font: font, size: size * scale, maxWidth: maxWidthEms, lineHeight: lineHeight,
                            letterSpacing: letterSpacing, justify: justify, sections: sections, vertical: vertical,
                            alongLine: alongLine, layoutTextSize: layoutTextSize)
        }
        // MapLibre samples images in text pixel for pixel unless the text is transformed (pitched
        // or lying on the map) or its size changes with zoom.
        let linearImages = frame.perspective != nil || style.textSizeDependsOnZoom
            || SymbolProperties.liesOnMap(pitch: style.textPitchAlignment.evaluate(for: feature),
                                          rotation: SymbolProperties.alignment(style.textRotationAlignment.evaluate(for: feature)),
                                          alongLine: alongLine)
        shapedAt = { [string] scale, justified in
            let justify = justified ?? justify
            if let glyphs = glyphShaped(scale, justify, false) {
                glyphs.samplesImagesLinearly = linearImages
                return glyphs
            }
            // Else the system's fonts.
            // They draw no images in the text.
            let plain = string.filter { $0 != LabelText.imagePlaceholder }
            return plain.isEmpty ? nil : text.shapeCached(
                plain, font: font, size: size * scale,
                maxWidth: maxWidth.map { $0 > 0 ? $0 * scale : nil } ?? nil,
                lineHeight: lineHeight, letterSpacing: GlyphShaper.allowsLetterSpacing(plain) ? letterSpacing : 0, alignment: justify)
        }
        // A column is laid out left-justified, as MapLibre does (glyph PBFs only).
        let runsVertically = alongLine ? style.textKeepUpright.evaluate(for: feature) : style.layout.textWritingMode != nil
        vertical = !runsVertically || !GlyphShaper.allowsVertical(string) ? nil
            : { glyphShaped($0, alongLine ? justify : .left, true) }
    }
}
