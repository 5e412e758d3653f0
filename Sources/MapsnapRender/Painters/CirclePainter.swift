import CCairo
import Foundation

/// `circle`: a disc of `circle-radius` points at every point of the feature, with an optional stroke.
enum CirclePainter {
    static func paint(_ layer: StyleLayer, _ style: CircleLayer, in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr, zoom = frame.zoom
        canvas.withSavedState {
            frame.forEachFeature(of: layer) { rendered, projection in
                guard let parts = rendered.parts else { return }
                let feature = rendered.feature
                let radius = style.radius.evaluate(zoom: zoom, feature: feature)
                let opacity = style.opacity.evaluate(zoom: zoom, feature: feature)
                let strokeWidth = style.strokeWidth.evaluate(zoom: zoom, feature: feature)
                let translate = style.translate.evaluate(zoom: zoom, feature: feature)
                let dx = translate.count == 2 ? translate[0] : 0, dy = translate.count == 2 ? translate[1] : 0
                for part in parts {
                    for p in part {
                        let s = projection.screen(p)
                        guard frame.placementBounds.insetBy(-radius - strokeWidth).contains(s) else { continue }
                        cairo_new_path(cr)
                        cairo_arc(cr, s.x + dx, s.y + dy, radius, 0, 2 * .pi)
                        canvas.setColor(style.color.evaluate(zoom: zoom, feature: feature), opacity: opacity)
                        if strokeWidth > 0 {
                            // As MapLibre: the stroke lies outside the radius (outer edge radius + width).
                            cairo_fill(cr)
                            cairo_new_path(cr)
                            cairo_arc(cr, s.x + dx, s.y + dy, radius + strokeWidth / 2, 0, 2 * .pi)
                            let strokeOpacity = style.strokeOpacity.evaluate(zoom: zoom, feature: feature)
                            canvas.setColor(style.strokeColor.evaluate(zoom: zoom, feature: feature), opacity: strokeOpacity)
                            cairo_set_line_width(cr, strokeWidth)
                            cairo_stroke(cr)
                        } else {
                            cairo_fill(cr)
                        }
                    }
                }
            }
        }
    }
}
