import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays

/// Markers: a balloon in the marker's colour with a soft shadow, a white glyph (or dot) in its
/// head, or the marker's own PNG image placed by its anchor; and the title under the tip (under
/// the image) with a halo. Later markers are drawn over earlier ones; a
/// title is drawn only where it does not cover an earlier marker's title.
struct MarkerPainter {
    let frame: RenderFrame
    let projection: OverlayProjection
    let onDark: Bool
    let icons: MarkerIconImages

    static let titleFont = ["Noto Sans Bold"]
    static let titleSize = 12.0
    static let titleGap = 3.0

    struct Layout {
        let marker: Marker
        let tip: Point
        let shape: MarkerShape
        let title: ShapedText?
        /// Top-left of the title's layout, when it has one.
        let titleOrigin: Point
        /// Where an icon marker's image goes, in points; nil for a balloon.
        let iconBox: Rect?
        var balloonBox: Rect {
            iconBox ?? Rect(minX: tip.x + shape.bounds.minX, minY: tip.y + shape.bounds.minY,
                            maxX: tip.x + shape.bounds.maxX, maxY: tip.y + shape.bounds.maxY)
        }
        var titleBox: Rect? {
            title.map { Rect(minX: titleOrigin.x + $0.bounds.minX - 2, minY: titleOrigin.y + $0.bounds.minY - 1,
                             maxX: titleOrigin.x + $0.bounds.maxX + 2, maxY: titleOrigin.y + $0.bounds.maxY + 1) }
        }
    }

    /// Where each marker and its title go; the same numbers serve collision and camera fitting.
    static func layout(_ marker: Marker, tip: Point, text: TextEngine, icons: MarkerIconImages) -> Layout {
        let shape = MarkerShape(marker.size)
        var iconBox: Rect?
        if let icon = marker.icon, let size = icons.size(of: icon) {
            let a = icon.anchor.unitPoint
            iconBox = Rect(minX: tip.x - a.x * size.width, minY: tip.y - a.y * size.height,
                           maxX: tip.x + (1 - a.x) * size.width, maxY: tip.y + (1 - a.y) * size.height)
        }
        var title: ShapedText?
        var origin = tip
        if let t = marker.title?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty {
            let shaped = text.shapeCached(t, font: titleFont, size: titleSize, maxWidth: 10 * titleSize, lineHeight: 1.2,
                                          letterSpacing: 0, alignment: .center)
            title = shaped
            let below = max(tip.y, iconBox?.maxY ?? tip.y)
            origin = Point(x: tip.x - shaped.bounds.minX - shaped.width / 2, y: below + titleGap - shaped.bounds.minY)
        }
        return Layout(marker: marker, tip: tip, shape: shape, title: title, titleOrigin: origin, iconBox: iconBox)
    }

    /// Lays out markers and keeps base-map labels off them and their titles.
    func reserve(_ markers: [Marker]) -> [Layout] {
        var layouts: [Layout] = []
        var titleBoxes: [Rect] = []
        for m in markers {
            var l = Self.layout(m, tip: projection.point(m.coordinate), text: frame.text, icons: icons)
            frame.collisions.insert(l.balloonBox)
            if let box = l.titleBox {
                if titleBoxes.contains(where: { $0.intersects(box) }) {
                    l = Layout(marker: m, tip: l.tip, shape: l.shape, title: nil, titleOrigin: l.tip, iconBox: l.iconBox)
                } else {
                    titleBoxes.append(box)
                    frame.collisions.insert(box)
                }
            }
            layouts.append(l)
        }
        return layouts
    }

    /// A balloon's image and the device pixel of its tip in it.
    typealias Balloon = (image: RasterImage, tipX: Int, tipY: Int)

    /// The markers' text turned into outlines and pixels ahead of drawing, by the thread that
    /// owns the text engine: with it `draw` shapes nothing, so any thread may draw the markers
    /// (`OverlayLayer`). Raster targets only: on a vector one titles stay text.
    struct Prerendered {
        /// Title outlines by layout index, in the user space of a canvas at the frame's scale.
        var titles: [Int: RecordedPath] = [:]
        /// The titles' emoji in their own colours (`ColorGlyphs`), by layout index.
        var titleColors: [Int: [ColorGlyphs.Image]] = [:]
        var balloons: [BalloonKey: Balloon] = [:]
    }

    /// Prerenders `layouts`' titles and balloons; `scratch` is a canvas of the frame's size and
    /// pixel ratio that only lays out paths (the frame's own may be another thread's; Cairo drops
    /// glyphs outside a canvas, so a smaller one would lose titles).
    func prerender(_ layouts: [Layout], scratch: Canvas) -> Prerendered {
        var out = Prerendered()
        let cr = scratch.cr
        scratch.withSavedState {
            for (i, l) in layouts.enumerated() {
                if let title = l.title {
                    cairo_new_path(cr)
                    scratch.appendText(title, at: l.titleOrigin)
                    let colors = scratch.takeColorGlyphs()
                    if !colors.isEmpty { out.titleColors[i] = colors }
                    if let path = cairo_copy_path(cr) {
                        if path.pointee.status == CAIRO_STATUS_SUCCESS { out.titles[i] = RecordedPath(path) } else { cairo_path_destroy(path) }
                    }
                }
                if l.iconBox == nil || l.marker.icon == nil {
                    let key = BalloonKey(l.marker)
                    if out.balloons[key] == nil, let made = try? balloonImage(l, ratio: scratch.pixelRatio) { out.balloons[key] = made }
                }
            }
            cairo_new_path(cr)
        }
        return out
    }

    /// A title with its halo on an image of its own, and the device pixel of its top left.
    typealias TitleImage = (image: RasterImage, x: Int, y: Int)

    /// The prerendered titles, each painted on a small image at the frame's pixel ratio (any
    /// thread: the halo's stroke is most of a title's cost, and `OverlayLayer` has them painted
    /// beside the tracks). By layout index.
    func titleImages(_ layouts: [Layout], _ prerendered: Prerendered) -> [Int: TitleImage] {
        let ratio = frame.canvas.pixelRatio
        var out: [Int: TitleImage] = [:]
        for (i, l) in layouts.enumerated() {
            guard let path = prerendered.titles[i], let box = l.titleBox else { continue }
            // The halo reaches half its width beyond the outlines, and anti-aliasing a pixel more.
            let reach = Self.haloWidth / 2 + 1
            let x0 = Int(saturating: ((box.minX - reach) * ratio).rounded(.down)), y0 = Int(saturating: ((box.minY - reach) * ratio).rounded(.down))
            let x1 = Int(saturating: ((box.maxX + reach) * ratio).rounded(.up)), y1 = Int(saturating: ((box.maxY + reach) * ratio).rounded(.up))
            guard x1 > x0, y1 > y0, let image = try? RasterImage(pixelWidth: x1 - x0, pixelHeight: y1 - y0) else { continue }
            let canvas = Canvas(image: image, pixelRatio: ratio)
            var m = cairo_matrix_t(xx: ratio, yx: 0, xy: 0, yy: ratio, x0: Double(-x0), y0: Double(-y0))
            cairo_set_matrix(canvas.cr, &m)
            cairo_append_path(canvas.cr, path.path)
            canvas.addColorGlyphs(prerendered.titleColors[i] ?? [])
            paintTitle(on: canvas)
            out[i] = (image, x0, y0)
        }
        return out
    }

    static let haloWidth = 4.0

    /// Strokes the halo of the title outlines in the canvas's path, then fills them.
    private func paintTitle(on canvas: Canvas) {
        let cr = canvas.cr
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        canvas.setColor(onDark ? Color(r: 0.08, g: 0.09, b: 0.1, a: 0.9) : Color(r: 1, g: 1, b: 1, a: 0.95))
        cairo_set_line_width(cr, Self.haloWidth)
        cairo_stroke_preserve(cr)
        canvas.setColor(onDark ? Color(r: 0.95, g: 0.95, b: 0.96, a: 1) : Color(r: 0.13, g: 0.13, b: 0.15, a: 1))
        canvas.fillText()
    }

    /// `titleImages` (from `titleImages(_:_:)`) are laid on whole device pixels in place of the
    /// titles' outlines.
    func draw(_ layouts: [Layout], prerendered: Prerendered? = nil, titleImages: [Int: TitleImage]? = nil) {
        let canvas = frame.canvas, cr = canvas.cr
        canvas.withSavedState {
            // Titles under all balloons, so a balloon is never hidden by another marker's text.
            for (i, l) in layouts.enumerated() {
                guard let title = l.title else { continue }
                if let titleImages {
                    if let t = titleImages[i] { canvas.layOver(t.image, x: t.x, y: t.y) }
                    continue
                }
                cairo_new_path(cr)
                if let path = prerendered?.titles[i] {
                    cairo_append_path(cr, path.path)
                    canvas.addColorGlyphs(prerendered?.titleColors[i] ?? [])
                } else {
                    canvas.appendText(title, at: l.titleOrigin)
                }
                paintTitle(on: canvas)
            }
            // Balloons come from small bitmaps drawn once per look (colour, size, glyph) and
            // placed on whole device pixels: 500 markers cost 500 blits, not 500 vector drawings.
            var cache = prerendered?.balloons ?? [:]
            let ratio = canvas.pixelRatio
            cairo_identity_matrix(cr)
            for l in layouts {
                if let box = l.iconBox, let icon = l.marker.icon, let image = try? icons.image(icon.path) {
                    drawIcon(image, scale: icon.scale, in: box, ratio: ratio)
                    continue
                }
                let key = BalloonKey(l.marker)
                if cache[key] == nil, let made = try? balloonImage(l, ratio: ratio) { cache[key] = made }
                guard let (image, tx, ty) = cache[key] else { continue }
                let x = (l.tip.x * ratio).rounded() - Double(tx), y = (l.tip.y * ratio).rounded() - Double(ty)
                cairo_set_source_surface(cr, image.surface, x, y)
                cairo_paint(cr)
            }
        }
    }

    /// An icon image scaled into its box (bilinear filtering), with the device transform set up.
    private func drawIcon(_ image: RasterImage, scale: Double, in box: Rect, ratio: Double) {
        let cr = frame.canvas.cr
        cairo_save(cr)
        cairo_translate(cr, box.minX * ratio, box.minY * ratio)
        cairo_scale(cr, scale * ratio, scale * ratio)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    struct BalloonKey: Hashable {
        let color: Color, size: MarkerSize, glyph: String?
        init(_ marker: Marker) { (color, size, glyph) = (marker.color, marker.size, marker.glyph) }
    }

    /// One balloon drawn on its own small image; returns it with the tip's device pixel.
    private func balloonImage(_ l: Layout, ratio: Double) throws -> Balloon {
        let s = l.shape
        let w = Int(((s.headRadius + 5) * 2 * ratio).rounded(.up)), h = Int(((s.height + 8) * ratio).rounded(.up))
        let tx = w / 2, ty = Int(((s.height + 4) * ratio).rounded())
        let image = try RasterImage(pixelWidth: w, pixelHeight: h)
        let canvas = Canvas(image: image, pixelRatio: ratio)
        drawBalloon(l.marker, s, tip: Point(x: Double(tx) / ratio, y: Double(ty) / ratio), on: canvas)
        return (image, tx, ty)
    }

    private func drawBalloon(_ marker: Marker, _ s: MarkerShape, tip: Point, on canvas: Canvas) {
        let cr = canvas.cr
        let l = (marker: marker, tip: tip)
        // Soft shadow: a flattened ellipse at the tip and a faint offset copy of the balloon.
        cairo_save(cr)
        cairo_translate(cr, l.tip.x, l.tip.y)
        cairo_scale(cr, 1, 0.35)
        let shadow = cairo_pattern_create_radial(0, 0, 0, 0, 0, 7 * s.scale)
        cairo_pattern_add_color_stop_rgba(shadow, 0, 0, 0, 0, 0.35)
        cairo_pattern_add_color_stop_rgba(shadow, 1, 0, 0, 0, 0)
        cairo_set_source(cr, shadow)
        cairo_arc(cr, 0, 0, 7 * s.scale, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_pattern_destroy(shadow)
        cairo_restore(cr)
        cairo_new_path(cr)
        s.appendPath(cr, tip: l.tip + Point(x: 0.8, y: 1.2))
        canvas.setColor(.black, opacity: 0.18)
        cairo_fill(cr)

        let c = l.marker.color
        s.appendPath(cr, tip: l.tip)
        canvas.setColor(c)
        cairo_fill_preserve(cr)
        canvas.setColor(Color(r: c.r * 0.72, g: c.g * 0.72, b: c.b * 0.72, a: 1))
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)

        let head = s.headCenter + l.tip
        if let glyph = l.marker.glyph?.trimmingCharacters(in: .whitespaces), !glyph.isEmpty {
            let size = (glyph.count > 1 ? 10.5 : 13) * s.scale
            let shaped = frame.text.shapeCached(glyph, font: Self.titleFont, size: size, maxWidth: nil, lineHeight: 1.2,
                                                letterSpacing: 0, alignment: .center)
            cairo_new_path(cr)
            canvas.appendText(shaped, at: Point(x: head.x - shaped.bounds.minX - shaped.width / 2,
                                                y: head.y - shaped.bounds.minY - shaped.height / 2))
            canvas.setColor(.white)
            canvas.fillText()
        } else {
            cairo_new_path(cr)
            cairo_arc(cr, head.x, head.y, 4.5 * s.scale, 0, 2 * .pi)
            canvas.setColor(.white)
            cairo_fill(cr)
        }
    }
}
