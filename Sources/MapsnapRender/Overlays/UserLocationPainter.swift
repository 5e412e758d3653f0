import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays

/// The user's location as a phone shows it: the GPS accuracy circle (geodesic, translucent fill,
/// thin stroke), an optional heading cone, and the blue dot in a white ring with a soft shadow.
/// Reduced accuracy ("approximate location") draws only a large translucent circle, no dot.
struct UserLocationPainter {
    let frame: RenderFrame
    let projection: OverlayProjection

    static let blue = Color(r: 0.0, g: 0.48, b: 1.0, a: 1)
    static let dotRadius = 7.0
    static let ringWidth = 3.0

    /// The dot's box in points around its center (for label collision and camera fitting).
    static let dotBounds = Rect(minX: -12, minY: -12, maxX: 12, maxY: 12)

    func draw(_ u: UserLocation) {
        let shapes = GeoShapePainter(frame: frame, projection: projection)
        let center = projection.point(u.coordinate)
        if let accuracy = u.accuracyMeters, accuracy > 0 {
            let ring = shapes.ring(center: u.coordinate, radiusMeters: accuracy)
            shapes.drawRings([ring], fill: Self.blue, fillOpacity: u.reducedAccuracy ? 0.18 : 0.12,
                             stroke: Self.blue, strokeWidth: 1, strokeOpacity: 0.45, dash: nil)
        }
        if u.reducedAccuracy { return }
        let canvas = frame.canvas, cr = canvas.cr
        canvas.withSavedState {
            if let heading = u.headingDegrees {
                // A cone 40° wide fading out with distance, pointing along the heading.
                let up = -Double.pi / 2 + (heading - frame.camera.screenBearing) * .pi / 180
                let length = 44.0, half = 20.0 * .pi / 180
                let cone = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, length)
                cairo_pattern_add_color_stop_rgba(cone, 0, Self.blue.r, Self.blue.g, Self.blue.b, 0.45)
                cairo_pattern_add_color_stop_rgba(cone, 1, Self.blue.r, Self.blue.g, Self.blue.b, 0)
                cairo_new_path(cr)
                cairo_move_to(cr, center.x, center.y)
                cairo_arc(cr, center.x, center.y, length, up - half, up + half)
                cairo_close_path(cr)
                cairo_set_source(cr, cone)
                cairo_fill(cr)
                cairo_pattern_destroy(cone)
            }
            // Shadow, white ring, blue dot.
            let shadow = cairo_pattern_create_radial(center.x, center.y + 1, Self.dotRadius, center.x, center.y + 1,
                                                     Self.dotRadius + Self.ringWidth + 4)
            cairo_pattern_add_color_stop_rgba(shadow, 0, 0, 0, 0, 0.3)
            cairo_pattern_add_color_stop_rgba(shadow, 1, 0, 0, 0, 0)
            cairo_new_path(cr)
            cairo_arc(cr, center.x, center.y + 1, Self.dotRadius + Self.ringWidth + 4, 0, 2 * .pi)
            cairo_set_source(cr, shadow)
            cairo_fill(cr)
            cairo_pattern_destroy(shadow)
            cairo_arc(cr, center.x, center.y, Self.dotRadius + Self.ringWidth, 0, 2 * .pi)
            canvas.setColor(.white)
            cairo_fill(cr)
            cairo_arc(cr, center.x, center.y, Self.dotRadius, 0, 2 * .pi)
            canvas.setColor(Self.blue)
            cairo_fill(cr)
        }
    }
}
