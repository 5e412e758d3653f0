import CCairo

/// `symbol`: draws the labels the `LabelPlacer` placed for this layer: a halo (a stroke of twice
/// the halo width around the glyph outlines, round joins) under the text.
enum SymbolPainter {
    static func draw(_ labels: [PlacedLabel], in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr
        canvas.withSavedState {
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            for label in labels {
                cairo_new_path(cr)
                switch label.shape {
                case .block(let origin):
                    label.text.appendPath(to: canvas, at: origin)
                case .alongLine(let glyphs):
                    let baselineBelowCenter = label.text.baseline - label.text.height / 2
                    for g in glyphs {
                        cairo_save(cr)
                        cairo_translate(cr, g.center.x, g.center.y)
                        cairo_rotate(cr, g.angle)
                        cairo_set_scaled_font(cr, g.glyph.font)
                        var glyph = cairo_glyph_t(index: g.glyph.index, x: -g.glyph.advance / 2,
                                                  y: baselineBelowCenter + g.glyph.yOffset)
                        cairo_glyph_path(cr, &glyph, 1)
                        cairo_restore(cr)
                    }
                }
                let p = label.paint
                if p.haloWidth > 0, p.haloColor.a > 0 {
                    canvas.setColor(p.haloColor, opacity: p.opacity)
                    cairo_set_line_width(cr, 2 * p.haloWidth)
                    cairo_stroke_preserve(cr)
                }
                canvas.setColor(p.color, opacity: p.opacity)
                cairo_fill(cr)
            }
        }
    }
}
