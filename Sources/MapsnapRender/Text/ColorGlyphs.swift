import CCairo
import CPangoCairo
import Foundation

/// Colour glyphs (emoji and pictographs from a colour font, Debian's Noto Color Emoji) on raster
/// canvases. Labels are drawn as outlines (a halo stroked, then filled in the label's colour),
/// and an outline has no colour: a colour glyph would come out as a silhouette. So when its
/// outlines are added, each colour glyph is also painted, with its font's own colours, on a small
/// image in device pixels (`Image`); the image travels with the outlines (a recorded label band,
/// a prerendered marker title) and is laid over them when they are filled (`Canvas.fillText`).
/// Painted where the text is shaped, by the thread that owns Pango; laid over by any thread.
enum ColorGlyphs {
    /// A colour glyph painted on an image whose top left corner lies at `origin`, in the points of
    /// the canvas the glyph was added on (whose device pixels the image's match).
    struct Image {
        let image: RasterImage
        let origin: (x: Double, y: Double)
    }

    /// Whether a Pango font draws in colour. fontconfig names the colour emoji fonts so ("Noto
    /// Color Emoji", "Twemoji"); a name test is the one Pango offers without reaching into
    /// FreeType's faces.
    static func isColorFont(_ font: UnsafeMutablePointer<PangoFont>?) -> Bool {
        guard let font, let description = pango_font_describe(font) else { return false }
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description) else { return false }
        let name = String(cString: family).lowercased()
        return name.contains("emoji") || name.contains("color")
    }

    /// Whether `text` may hold a colour glyph: only then are a layout's runs looked at.
    static func mayHoldColorGlyphs(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x2190 && $0.properties.isEmoji }
    }

    /// Whether a laid-out text uses a colour font anywhere.
    static func layoutUsesColorFont(_ layout: OpaquePointer) -> Bool {
        var found = false
        forEachColorRun(layout) { _, _, _ in found = true }
        return found
    }

    /// The runs of `layout` set in a colour font, with their pen position (Pango units from the
    /// layout's top left, on the baseline).
    static func forEachColorRun(_ layout: OpaquePointer,
                                _ body: (UnsafeMutablePointer<PangoFont>, UnsafeMutablePointer<PangoGlyphString>, (x: Int32, y: Int32)) -> Void) {
        guard let iter = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item,
                  let font = item.pointee.analysis.font, isColorFont(font), let glyphs = run.pointee.glyphs else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            body(font, glyphs, (logical.x, pango_layout_iter_get_baseline(iter)))
        } while pango_layout_iter_next_run(iter) != 0
    }

    /// Paints the colour runs of `layout`, set at `origin` (points) and scaled by `layoutScale`
    /// under `cr`'s current transform, on one image of their device-space bounds.
    static func paint(_ layout: OpaquePointer, layoutScale: Double, at origin: (x: Double, y: Double),
                      on cr: OpaquePointer, pixelRatio: Double) -> Image? {
        var user = cairo_matrix_t()
        cairo_get_matrix(cr, &user)
        cairo_matrix_translate(&user, origin.x, origin.y)
        cairo_matrix_scale(&user, layoutScale, layoutScale)
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        let scale = Double(PANGO_SCALE)
        let box = (x: Double(ink.x) / scale, y: Double(ink.y) / scale, w: Double(ink.width) / scale, h: Double(ink.height) / scale)
        return paintImage(covering: box, under: user, pixelRatio: pixelRatio) { target in
            forEachColorRun(layout) { font, glyphs, pen in
                cairo_move_to(target, Double(pen.x) / scale, Double(pen.y) / scale)
                pango_cairo_show_glyph_string(target, font, glyphs)
            }
        }
    }

    /// Paints one glyph of `font` (a colour font's scaled font) under `cr`'s transform scaled by
    /// `scale`; `glyph` is placed in the scaled space.
    static func paint(_ glyph: cairo_glyph_t, font: OpaquePointer, scale: Double, on cr: OpaquePointer, pixelRatio: Double) -> Image? {
        var user = cairo_matrix_t()
        cairo_get_matrix(cr, &user)
        cairo_matrix_scale(&user, scale, scale)
        var g = glyph
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, &g, 1, &extents)
        let box = (x: g.x + extents.x_bearing, y: g.y + extents.y_bearing, w: extents.width, h: extents.height)
        return paintImage(covering: box, under: user, pixelRatio: pixelRatio) { target in
            cairo_set_scaled_font(target, font)
            cairo_show_glyphs(target, &g, 1)
        }
    }

    /// An image of the device pixels `box` (in the space `user` maps to device pixels) covers,
    /// with `draw` run in that space on it.
    private static func paintImage(covering box: (x: Double, y: Double, w: Double, h: Double), under user: cairo_matrix_t,
                                   pixelRatio: Double, _ draw: (OpaquePointer) -> Void) -> Image? {
        guard box.w > 0, box.h > 0 else { return nil }
        var m = user
        var xs: [Double] = [], ys: [Double] = []
        for (cx, cy) in [(box.x, box.y), (box.x + box.w, box.y), (box.x, box.y + box.h), (box.x + box.w, box.y + box.h)] {
            var x = cx, y = cy
            cairo_matrix_transform_point(&m, &x, &y)
            xs.append(x); ys.append(y)
        }
        // A pixel of margin for anti-aliasing; a glyph of a sane size only (this is a label's).
        let x0 = (xs.min()! - 1).rounded(.down), y0 = (ys.min()! - 1).rounded(.down)
        let x1 = (xs.max()! + 1).rounded(.up), y1 = (ys.max()! + 1).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 - x0 <= 4096, y1 - y0 <= 4096,
              let image = try? RasterImage(pixelWidth: Int(x1 - x0), pixelHeight: Int(y1 - y0)),
              let target = cairo_create(image.surface) else { return nil }
        defer { cairo_destroy(target) }
        var shifted = user
        shifted.x0 -= x0
        shifted.y0 -= y0
        cairo_set_matrix(target, &shifted)
        draw(target)
        image.finishDrawing()
        return Image(image: image, origin: (x0 / pixelRatio, y0 / pixelRatio))
    }
}
