import CCairo
import CPangoCairo
import MapsnapGeo

/// One piece of text waiting to be shown on a vector target: a Pango layout at a point, or one
/// glyph of a label along a line with the characters it stands for, under the transform it was
/// added with.
struct TextRun {
    enum Content {
        /// The shaped text is kept so that its layout lives until it is shown.
        case layout(ShapedText)
        /// A glyph of a scaled font (owned by its Pango font, which the label's text keeps).
        case glyph(font: OpaquePointer, glyph: cairo_glyph_t, text: String)
    }
    let content: Content
    let matrix: cairo_matrix_t
    let origin: Point
}

/// Text is added to the path as outlines (halos stroke them) and then filled with `fillText`.
/// On a raster canvas that is a plain fill of the outlines. On a vector target the outlines are
/// dropped and the text is shown as text instead: glyphs with their characters, so that the text
/// of a PDF can be selected and searched, and it prints with the font's own hinting.
extension Canvas {
    /// Adds a layout's outlines, its top-left at `origin`, to the path (scaled from the layout's
    /// size to the text's: the path is kept in device space, so the scale ends here).
    func appendText(_ text: ShapedText, at origin: Point) {
        guard let layout = text.layout else { return }
        // Emoji keep their colours: painted now, laid over the fill (see `ColorGlyphs`).
        if !isVector, text.hasColorGlyphs,
           let colored = ColorGlyphs.paint(layout, layoutScale: text.layoutScale, at: (origin.x, origin.y), on: cr, pixelRatio: pixelRatio) {
            colorGlyphs.append(colored)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, origin.x, origin.y)
        cairo_scale(cr, text.layoutScale, text.layoutScale)
        cairo_move_to(cr, 0, 0)
        pango_cairo_layout_path(cr, layout)
        if isVector { pendingText.append(TextRun(content: .layout(text), matrix: matrix, origin: Point(x: 0, y: 0))) }
    }

    /// Adds one glyph's outline to the path; `glyph` is placed in points, `font` is at the size of
    /// its layout, `scale` (`ShapedText.layoutScale`) from that size to the text's; `text` is what
    /// it reads as (its Pango cluster).
    func appendGlyph(_ glyph: cairo_glyph_t, font: OpaquePointer, scale: Double, text: String, color: Bool = false) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        var g = glyph
        g.x /= scale
        g.y /= scale
        if color, !isVector, let colored = ColorGlyphs.paint(g, font: font, scale: scale, on: cr, pixelRatio: pixelRatio) {
            colorGlyphs.append(colored)
        }
        cairo_scale(cr, scale, scale)
        cairo_set_scaled_font(cr, font)
        cairo_glyph_path(cr, &g, 1)
        if isVector { pendingText.append(TextRun(content: .glyph(font: font, glyph: g, text: text), matrix: matrix, origin: Point(x: 0, y: 0))) }
    }

    /// Fills the text added since the last fill in the current source, and clears the path.
    func fillText() {
        guard isVector else {
            cairo_fill(cr)
            layColorGlyphs()
            return
        }
        cairo_new_path(cr)
        for run in pendingText {
            cairo_save(cr)
            var m = run.matrix
            cairo_set_matrix(cr, &m)
            switch run.content {
            case .layout(let text):
                cairo_move_to(cr, run.origin.x, run.origin.y)
                if let layout = text.layout { pango_cairo_show_layout(cr, layout) }
            case .glyph(let font, let glyph, let characters):
                cairo_set_scaled_font(cr, font)
                var g = glyph
                if characters.isEmpty {
                    cairo_show_glyphs(cr, &g, 1)
                } else {
                    var cluster = cairo_text_cluster_t(num_bytes: Int32(characters.utf8.count), num_glyphs: 1)
                    cairo_show_text_glyphs(cr, characters, Int32(characters.utf8.count), &g, 1, &cluster, 1, cairo_text_cluster_flags_t(0))
                }
            }
            cairo_restore(cr)
        }
        cairo_new_path(cr)
        pendingText.removeAll(keepingCapacity: true)
    }

    /// Drops the text added since the last fill (a label drawn fully transparent), and the path.
    func discardText() {
        cairo_new_path(cr)
        pendingText.removeAll(keepingCapacity: true)
        colorGlyphs.removeAll()
    }

    /// The colour glyphs of the text added since the last fill, taken away (a label recorded to
    /// be played back later keeps them with its outlines).
    func takeColorGlyphs() -> [ColorGlyphs.Image] {
        defer { colorGlyphs.removeAll() }
        return colorGlyphs
    }

    /// Colour glyphs to lay over the text of the next fill (a recording played back).
    func addColorGlyphs(_ images: [ColorGlyphs.Image]) { colorGlyphs += images }

    /// Lays the pending colour glyphs over the filled text, at the text's opacity (the current
    /// source's alpha), each on whole device pixels.
    private func layColorGlyphs() {
        guard !colorGlyphs.isEmpty else { return }
        var r = 0.0, g = 0.0, b = 0.0, alpha = 1.0
        if cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b, &alpha) != CAIRO_STATUS_SUCCESS { alpha = 1 }
        for colored in colorGlyphs {
            cairo_save(cr)
            cairo_translate(cr, colored.origin.x, colored.origin.y)
            cairo_scale(cr, 1 / pixelRatio, 1 / pixelRatio)
            cairo_set_source_surface(cr, colored.image.surface, 0, 0)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
        }
        colorGlyphs.removeAll()
    }

    private var matrix: cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return m
    }
}
