import CCairo
import Foundation
import MapsnapGeo
import MapsnapOverlays

/// The balloon pin: a round head over a point whose tip sits exactly on the coordinate.
/// All sizes are in points, relative to the tip at (0, 0) (y grows down).
struct MarkerShape {
    let scale: Double

    init(_ size: MarkerSize) {
        scale = switch size { case .small: 0.75; case .medium: 1; case .large: 1.3 }
    }

    var headRadius: Double { 12 * scale }
    var height: Double { 38 * scale }
    var headCenter: Point { Point(x: 0, y: -(height - headRadius)) }

    /// The box the balloon covers (for label collision and camera fitting).
    var bounds: Rect { Rect(minX: -headRadius - 1, minY: -height - 1, maxX: headRadius + 1, maxY: 2) }

    /// Adds the balloon outline, tip at `tip`, to the current path.
    func appendPath(_ cr: OpaquePointer, tip: Point) {
        let c = headCenter + tip
        let d = height - headRadius
        // The two tangents from the tip to the head meet it at ±angle from the downward vertical.
        let theta = acos(headRadius / d)
        let start = .pi / 2 - theta, end = .pi / 2 + theta
        cairo_move_to(cr, tip.x, tip.y)
        cairo_line_to(cr, c.x + headRadius * cos(start), c.y + headRadius * sin(start))
        cairo_arc_negative(cr, c.x, c.y, headRadius, start, end)
        cairo_close_path(cr)
    }
}
