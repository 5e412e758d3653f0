import CCairo

/// `symbol`: draws the labels the `LabelPlacer` placed for this layer: a halo (a stroke of twice
/// the halo width around the glyph outlines, round joins) under the text. Labels never overlap,
/// so consecutive labels with the same paint share one path: one stroke and one fill.
enum SymbolPainter {
    static func draw(_ labels: [PlacedLabel], in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr
        canvas.withSavedState {
            drawIcons(labels.compactMap(\.icon), sprites: frame.sprites, on: canvas)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_new_path(cr)
            var pending: TextPaint?
            for label in labels where label.text != nil && label.text?.sdf == nil {
                if let p = pending, p != label.paint {
                    paintPath(p, canvas)
                    pending = nil
                }
                appendOutlines(label, canvas)
                pending = label.paint
            }
            if let p = pending { paintPath(p, canvas) }
        }
        SDFTextPainter.draw(labels, sprites: frame.sprites, on: canvas)
    }

    private static func drawIcons(_ icons: [PlacedIcon], sprites: SpriteSheet?, on canvas: Canvas) {
        guard let sprites else { return }
        for i in icons {
            sprites.draw(i.icon, at: i.origin, size: i.size, opacity: i.opacity, rotation: i.rotation,
                         stretch: i.stretch, cells: i.cells, tint: i.tint, warp: i.warp, linear: i.linear,
                         columnTurn: i.columnTurn, on: canvas)
        }
    }

    /// A layer's labels as plain drawing: their icons, and their text as Cairo paths (laid out by
    /// Pango on the thread that shaped them). Played back on any thread, in any band of the image,
    /// it draws what `draw` draws there. Text from SDF glyphs, which shades pixels itself, is not
    /// recorded: labels are recorded only when the frame draws no glyph PBFs. `canvas` must cover
    /// the whole image: Pango leaves out the lines of a layout below the target's clip.
    struct Recording {
        struct Text {
            let path: RecordedPath
            /// Its emoji, in their own colours, laid over the fill.
            let colorGlyphs: [ColorGlyphs.Image]
            let paint: TextPaint
            /// Labels of one group are stroked and filled together, as `draw` batches them.
            let group: Int
            /// The device rows its halo and glyphs can reach.
            let minY: Double, maxY: Double
        }
        let icons: [PlacedIcon]
        let texts: [Text]
    }

    static func record(_ labels: [PlacedLabel], on canvas: Canvas) -> Recording {
        let cr = canvas.cr
        var texts: [Recording.Text] = []
        var group = 0
        var pending: TextPaint?
        canvas.withSavedState {
            for label in labels where label.text != nil && label.text?.sdf == nil {
                if let p = pending, p != label.paint { group += 1 }
                pending = label.paint
                cairo_new_path(cr)
                appendOutlines(label, canvas)
                var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
                cairo_path_extents(cr, &x0, &y0, &x1, &y1)
                let colorGlyphs = canvas.takeColorGlyphs()
                guard let path = cairo_copy_path(cr) else { continue }
                guard path.pointee.status == CAIRO_STATUS_SUCCESS else { cairo_path_destroy(path); continue }
                let reach = label.paint.haloWidth + label.paint.haloBlur + 1
                texts.append(Recording.Text(path: RecordedPath(path), colorGlyphs: colorGlyphs, paint: label.paint, group: group,
                                            minY: (y0 - reach) * canvas.pixelRatio, maxY: (y1 + reach) * canvas.pixelRatio))
            }
            cairo_new_path(cr)
        }
        return Recording(icons: labels.compactMap(\.icon), texts: texts)
    }

    /// Draws a recording where it meets device rows `rows` (the canvas is clipped to them).
    static func play(_ recording: Recording, sprites: SpriteSheet?, rows: Range<Double>, on canvas: Canvas) {
        let cr = canvas.cr
        canvas.withSavedState {
            drawIcons(recording.icons, sprites: sprites, on: canvas)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_new_path(cr)
            var pending: (group: Int, paint: TextPaint)?
            for text in recording.texts where text.maxY > rows.lowerBound && text.minY < rows.upperBound {
                if let p = pending, p.group != text.group {
                    paintPath(p.paint, canvas)
                    pending = nil
                }
                cairo_append_path(cr, text.path.path)
                canvas.addColorGlyphs(text.colorGlyphs)
                pending = (text.group, text.paint)
            }
            if let p = pending { paintPath(p.paint, canvas) }
        }
    }

    private static func appendOutlines(_ label: PlacedLabel, _ canvas: Canvas) {
        let cr = canvas.cr
        guard let text = label.text else { return }
        // Text lying on a pitched map: the outlines pass through the warp as they are added.
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let w = label.warp {
            var m = cairo_matrix_t(xx: w.a, yx: w.c, xy: w.b, yy: w.d, x0: 0, y0: 0)
            cairo_translate(cr, w.pivot.x, w.pivot.y)
            cairo_transform(cr, &m)
            cairo_translate(cr, -w.pivot.x, -w.pivot.y)
        }
        switch label.shape {
        case .block(let origin):
            canvas.appendText(text, at: origin)
        case .rotatedBlock(let origin, let pivot, let angle):
            // The path is stored in device space, so turning the context only while adding it works.
            cairo_save(cr)
            cairo_translate(cr, pivot.x, pivot.y)
            cairo_rotate(cr, angle)
            cairo_translate(cr, -pivot.x, -pivot.y)
            canvas.appendText(text, at: origin)
            cairo_restore(cr)
        case .alongLine(let glyphs):
            let baselineBelowCenter = text.baseline - text.height / 2
            for g in glyphs {
                cairo_save(cr)
                cairo_translate(cr, g.center.x, g.center.y)
                if let w = g.warp {
                    // Lying on a pitched map: foreshortened about its centre, after its turn.
                    var m = cairo_matrix_t(xx: w.a, yx: w.c, xy: w.b, yy: w.d, x0: 0, y0: 0)
                    cairo_transform(cr, &m)
                }
                cairo_rotate(cr, g.angle)
                let glyph = cairo_glyph_t(index: g.glyph.index, x: -g.glyph.advance / 2,
                                          y: baselineBelowCenter + g.glyph.yOffset)
                if let font = g.glyph.font {
                    canvas.appendGlyph(glyph, font: font, scale: text.layoutScale, text: g.glyph.text, color: g.glyph.color)
                }
                cairo_restore(cr)
            }
        }
    }

    /// Halo, then text, over the current path; clears the path.
    private static func paintPath(_ p: TextPaint, _ canvas: Canvas) {
        let cr = canvas.cr
        // Transparent text (text-opacity 0) took its place among the labels; nothing to draw.
        guard p.opacity > 0 else { canvas.discardText(); return }
        if p.haloWidth > 0, p.haloColor.a > 0 {
            canvas.setColor(p.haloColor, opacity: p.opacity)
            if p.haloBlur >= 0.25 {
                // text-halo-blur: the halo's edge fades over `haloBlur` points either side of it.
                canvas.strokeFading(halfWidth: p.haloWidth + p.haloBlur, fade: 2 * p.haloBlur,
                                    color: p.haloColor, opacity: p.opacity)
            } else {
                cairo_set_line_width(cr, 2 * p.haloWidth)
                // A halo's edge is soft against the map: Cairo's 4x4-sample rasterizer draws it as
                // well as its default one at a third of the cost (the glyphs keep the default).
                let antialias = cairo_get_antialias(cr)
                cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
                cairo_stroke_preserve(cr)
                cairo_set_antialias(cr, antialias)
            }
        }
        canvas.setColor(p.color, opacity: p.opacity)
        canvas.fillText()
    }
}

/// A path copied out of Cairo (`cairo_copy_path`), freed with its owner.
final class RecordedPath {
    let path: UnsafeMutablePointer<cairo_path_t>
    init(_ path: UnsafeMutablePointer<cairo_path_t>) { self.path = path }
    deinit { cairo_path_destroy(path) }
}
