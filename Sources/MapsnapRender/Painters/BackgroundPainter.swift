import CCairo
import Foundation
import MapsnapStyle
import MapsnapGeo

/// `background`: one color over the whole canvas.
enum BackgroundPainter {
    static func paint(_ style: BackgroundLayer, in frame: RenderFrame) {
        let opacity = style.opacity.evaluate(zoom: frame.zoom, feature: nil)
        if let pattern = style.pattern {
            let name = pattern.evaluate(zoom: frame.zoom, feature: nil)
            guard let sprites = frame.sprites, let icon = sprites.icons[name] else { return }
            let z = frame.zoom, scale = exp2(z - z.rounded(.down))
            let origin = frame.transform.screen(fromWorld: Point(x: 0, y: 0))
            let cr = frame.canvas.cr
            guard let sub = cairo_surface_create_for_rectangle(sprites.image.surface, Double(icon.x), Double(icon.y), Double(icon.width), Double(icon.height)) else { return }
            let source = cairo_pattern_create_for_surface(sub)!
            cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
            var m = cairo_matrix_t()
            cairo_matrix_init_scale(&m, icon.pixelRatio / scale, icon.pixelRatio / scale)
            cairo_matrix_translate(&m, -origin.x, -origin.y)
            cairo_pattern_set_matrix(source, &m)
            frame.canvas.withSavedState {
                cairo_set_source(cr, source)
                cairo_paint_with_alpha(cr, opacity)
            }
            cairo_pattern_destroy(source)
            cairo_surface_destroy(sub)
            return
        }
        let color = style.color.evaluate(zoom: frame.zoom, feature: nil)
        frame.canvas.withSavedState { frame.canvas.paint(color, opacity: opacity) }
    }
}
