import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo

/// A north arrow in the top-right corner, turned with the map: red half to the north.
enum CompassPainter {
    static let radius = 15.0
    static let margin = 10.0

    static func center(in frame: RenderFrame) -> Point {
        Point(x: frame.canvas.width - margin - radius, y: margin + radius)
    }

    static func reserve(in frame: RenderFrame) {
        let c = center(in: frame)
        frame.collisions.insert(Rect(minX: c.x - radius - 2, minY: c.y - radius - 2, maxX: c.x + radius + 2, maxY: c.y + radius + 2))
    }

    static func paint(onDark: Bool, in frame: RenderFrame) {
        let canvas = frame.canvas, cr = canvas.cr
        let c = center(in: frame)
        canvas.withSavedState {
            cairo_new_path(cr)
            cairo_arc(cr, c.x, c.y + 0.8, radius + 0.8, 0, 2 * .pi)
            canvas.setColor(.black, opacity: 0.2)
            cairo_fill(cr)
            cairo_arc(cr, c.x, c.y, radius, 0, 2 * .pi)
            canvas.setColor(onDark ? Color(r: 0.12, g: 0.13, b: 0.15, a: 0.95) : Color(r: 1, g: 1, b: 1, a: 0.95))
            cairo_fill(cr)
            cairo_translate(cr, c.x, c.y)
            // North on screen is turned by minus the bearing.
            cairo_rotate(cr, -frame.camera.screenBearing * .pi / 180)
            let l = radius * 0.78, w = radius * 0.32
            cairo_move_to(cr, 0, -l); cairo_line_to(cr, w, 0); cairo_line_to(cr, -w, 0); cairo_close_path(cr)
            canvas.setColor(Color(r: 0.86, g: 0.2, b: 0.18, a: 1))
            cairo_fill(cr)
            cairo_move_to(cr, 0, l); cairo_line_to(cr, w, 0); cairo_line_to(cr, -w, 0); cairo_close_path(cr)
            canvas.setColor(onDark ? Color(r: 0.7, g: 0.72, b: 0.75, a: 1) : Color(r: 0.55, g: 0.57, b: 0.6, a: 1))
            cairo_fill(cr)
        }
    }
}
