import CCairo
import MapsnapFormats
import MapsnapGeo

/// A Cairo drawing context in points: the device scale (pixel ratio) is set once, so painters
/// work in the same units as the style (line widths, text sizes). It draws on a `RasterImage`
/// or on a page of a `VectorDocument` (PDF, SVG). On both, `cairo_identity_matrix` is the device
/// pixel grid of the pixel ratio (a vector surface's device scale is `1 / pixelRatio`), so
/// painters that place bitmaps on whole device pixels draw the same picture on either.
public final class Canvas {
    /// The bitmap under a raster canvas; nil on a vector target, where painters that shade
    /// pixels themselves draw through `withPixelLayer` and the others stroke and fill vectors.
    let image: RasterImage?
    let cr: OpaquePointer
    public let pixelRatio: Double
    /// The drawable area in points.
    public let width: Double
    public let height: Double
    /// Labels shown as text on a vector target, waiting for `fillText` (see `Canvas+Text`).
    var pendingText: [TextRun] = []
    /// Colour glyphs of the text added since the last fill, laid over it by `fillText` (raster
    /// targets; see `ColorGlyphs`).
    var colorGlyphs: [ColorGlyphs.Image] = []

    public init(image: RasterImage, pixelRatio: Double) {
        self.image = image
        self.pixelRatio = pixelRatio
        cr = cairo_create(image.surface)
        cairo_scale(cr, pixelRatio, pixelRatio)
        width = Double(image.pixelWidth) / pixelRatio
        height = Double(image.pixelHeight) / pixelRatio
    }

    /// A canvas on a vector surface whose device scale is already `1 / pixelRatio`; `width` and
    /// `height` (points) are the map's area, which may be less than the page (a caption band).
    init(vectorSurface surface: OpaquePointer, width: Double, height: Double, pixelRatio: Double) {
        image = nil
        self.pixelRatio = pixelRatio
        cr = cairo_create(surface)
        cairo_scale(cr, pixelRatio, pixelRatio)
        self.width = width
        self.height = height
    }

    deinit { cairo_destroy(cr) }

    /// PDF or SVG: lines, fills and text are drawn as vectors, and text stays text.
    public var isVector: Bool { image == nil }

    /// The drawable area in device pixels.
    public var pixelWidth: Int { image?.pixelWidth ?? Int(saturating: (width * pixelRatio).rounded()) }
    public var pixelHeight: Int { image?.pixelHeight ?? Int(saturating: (height * pixelRatio).rounded()) }

    /// Runs `body` between `cairo_save` and `cairo_restore`, so a painter's state never leaks.
    @inline(__always)
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body()
    }

    public func setColor(_ c: Color, opacity: Double = 1) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * opacity)
    }

    public func paint(_ c: Color, opacity: Double = 1) {
        setColor(c, opacity: opacity)
        cairo_paint(cr)
    }

    /// Clips to a rectangle given in points, snapped outward-consistently to device pixels so that
    /// neighbouring tiles' clips meet without a seam or an overlap; then grown by `outset` points
    /// (see `RenderFrame.clip(to:overlap:)`).
    public func clipSnapped(_ r: Rect, outset: Double = 0) {
        let s = pixelRatio
        let x0 = (r.minX * s).rounded() / s - outset, y0 = (r.minY * s).rounded() / s - outset
        let x1 = (r.maxX * s).rounded() / s + outset, y1 = (r.maxY * s).rounded() / s + outset
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
        cairo_clip(cr)
    }

    public func newPath() { cairo_new_path(cr) }
    @inline(__always) public func move(to p: Point) { cairo_move_to(cr, p.x, p.y) }
    @inline(__always) public func line(to p: Point) { cairo_line_to(cr, p.x, p.y) }
    public func closePath() { cairo_close_path(cr) }

    /// Strokes the current path (keeping it) so that its alpha falls linearly from full at
    /// `halfWidth - fade` to nothing at `halfWidth` from the path (`text-halo-blur`). Drawn as a few nested strokes whose alphas compound to the ramp; in a
    /// group when translucent, so that the ramp is scaled and not compounded again.
    public func strokeFading(halfWidth: Double, fade: Double, color: Color, opacity: Double) {
        let steps = Swift.min(Swift.max(Int(saturating: (fade * 2).rounded(.up)), 2), 6)
        let grouped = opacity < 1 || color.a < 1
        if grouped { cairo_push_group(cr) }
        for k in 1...steps {
            // After k strokes the covered alpha is k/steps: each adds 1/(steps-k+1) of what is left.
            let width = 2 * (halfWidth - fade * Double(k - 1) / Double(steps))
            guard width > 0 else { break }
            setColor(Color(r: color.r, g: color.g, b: color.b, a: 1), opacity: 1 / Double(steps - k + 1))
            cairo_set_line_width(cr, width)
            cairo_stroke_preserve(cr)
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity * color.a)
        }
    }

    /// Adds an open polyline to the current path (nothing for fewer than two points).
    public func appendPolyline<Points: Collection<Point>>(_ points: Points) {
        guard points.count > 1, let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
    }
}
