import CCairo
import Foundation
import MapsnapGeo

/// A sprite image repeated over the map and anchored to the world (`fill-pattern`,
/// `background-pattern`): its texels turn with the bearing, grow with the zoom's fraction (MapLibre
/// keeps a pattern's size in tile units between integer zooms) and, under a pitched camera, lie
/// on the map plane.
///
/// The map from screen to pattern texels has the world's origin in its translation, tens of
/// millions of texels away at street zooms. Cairo hands pattern matrices to pixman in 16.16 fixed
/// point: a translation past ±32768 that is not a whole number of pixels (a fractional zoom, a
/// bearing, a pitch) cannot be represented, and Cairo then fails the paint with "out of memory"
/// and leaves the context in that error state, dropping everything drawn after it. The pattern
/// repeats, so the translation is taken modulo one period of the icon (`Period`): the same
/// texels, with numbers pixman can hold.
enum WorldPattern {
    /// One repetition of a pattern, in texels.
    struct Period {
        var width: Double, height: Double
        init(_ icon: SpriteSheet.Icon) { width = Double(icon.width); height = Double(icon.height) }

        /// `m` with its translation moved by whole periods to within half a period of zero.
        func wrapped(_ m: cairo_matrix_t) -> cairo_matrix_t {
            var wrapped = m
            if width > 0 { wrapped.x0 = remainder(m.x0, width) }
            if height > 0 { wrapped.y0 = remainder(m.y0, height) }
            return wrapped
        }
    }

    /// Plane points → the icon's texels: the world (0, 0) corner is a texel corner.
    static func planeToPattern(iconPixelRatio: Double, in frame: RenderFrame) -> cairo_matrix_t {
        let zoom = frame.zoom, scale = exp2(zoom - zoom.rounded(.down))
        let origin = frame.transform.screen(fromWorld: Point(x: 0, y: 0))
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, iconPixelRatio / scale, iconPixelRatio / scale)
        cairo_matrix_rotate(&m, frame.camera.screenBearing * .pi / 180)
        cairo_matrix_translate(&m, -origin.x, -origin.y)
        return m
    }

    /// Paints `source` at `opacity` over the current clip. Pitched, it goes one device row at a
    /// time: along a row the depth is constant, so each row's map from screen to plane is affine
    /// (exact across the row, linear over its one-pixel height). `repeating`: the period of a
    /// repeating source, whose matrices are then wrapped (see the type's comment).
    static func paint(_ source: OpaquePointer, planeToPattern: cairo_matrix_t, repeating period: Period? = nil,
                      opacity: Double, in frame: RenderFrame) {
        let cr = frame.canvas.cr
        var toPattern = planeToPattern
        guard let p = frame.perspective else {
            if let period { toPattern = period.wrapped(toPattern) }
            cairo_pattern_set_matrix(source, &toPattern)
            cairo_set_source(cr, source)
            cairo_paint_with_alpha(cr, opacity)
            return
        }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let row = 1 / frame.canvas.pixelRatio
        let first = max((y0 / row).rounded(.down), 0), last = min((y1 / row).rounded(.up), (frame.canvas.height / row).rounded(.up))
        guard first < last else { return }
        let d = p.cameraToCenterDistance
        for k in stride(from: first, to: last, by: 1) {
            let top = k * row, middle = top + row / 2
            let here = p.plane(fromScreen: Point(x: p.center.x, y: middle))
            let below = p.plane(fromScreen: Point(x: p.center.x, y: middle + row / 2))
            let above = p.plane(fromScreen: Point(x: p.center.x, y: middle - row / 2))
            let stretch = p.depth(atPlaneY: here.y) / d
            var screenToPlane = cairo_matrix_t(xx: stretch, yx: 0, xy: 0, yy: (below.y - above.y) / row,
                                               x0: p.center.x * (1 - stretch), y0: here.y - middle * (below.y - above.y) / row)
            var m = cairo_matrix_t()
            cairo_matrix_multiply(&m, &screenToPlane, &toPattern)
            if let period { m = period.wrapped(m) }
            cairo_pattern_set_matrix(source, &m)
            cairo_save(cr)
            cairo_rectangle(cr, x0, top, x1 - x0, row)
            cairo_clip(cr)
            cairo_set_source(cr, source)
            cairo_paint_with_alpha(cr, opacity)
            cairo_restore(cr)
        }
    }
}
