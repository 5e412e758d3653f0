import CCairo
import MapsnapGeo
import MapsnapOverlays
import MapsnapStyle
import MapsnapFormats

/// Geofence circles (geodesic rings: a 100 m circle is 100 m at any latitude) and polygons with
/// holes (even-odd, so holes show whatever way their rings wind).
struct GeoShapePainter {
    let frame: RenderFrame
    let projection: OverlayProjection

    /// Ring points enough for a smooth outline at any size on screen.
    static func segments(forRadiusPoints r: Double) -> Int { min(max(Int(saturating: r * 0.8), 48), 720) }

    func ring(center: LatLon, radiusMeters: Double) -> [Point] {
        let r = radiusMeters * projection.pointsPerMeter(at: center)
        return projection.ring(Geodesy.circle(center: center, radiusMeters: radiusMeters,
                                              segments: Self.segments(forRadiusPoints: r)))
    }

    func draw(_ c: GeoCircle) {
        drawRings([ring(center: c.center, radiusMeters: c.radiusMeters)], fill: c.fillColor, fillOpacity: c.fillOpacity,
                  stroke: c.strokeColor, strokeWidth: c.strokeWidth, strokeOpacity: c.strokeOpacity, dash: c.dash)
    }

    func draw(_ p: PolygonOverlay) {
        drawRings(p.rings.map(projection.ring), fill: p.fillColor, fillOpacity: p.fillOpacity,
                  stroke: p.strokeColor, strokeWidth: p.strokeWidth, strokeOpacity: p.strokeOpacity, dash: nil)
    }

    func drawRings(_ rings: [[Point]], fill: Color?, fillOpacity: Double, stroke: Color?, strokeWidth: Double,
                   strokeOpacity: Double, dash: [Double]?) {
        let canvas = frame.canvas, cr = canvas.cr
        canvas.withSavedState {
            cairo_new_path(cr)
            for ring in rings where ring.count > 2 {
                canvas.move(to: ring[0])
                for p in ring.dropFirst() { canvas.line(to: p) }
                cairo_close_path(cr)
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            if let fill, fillOpacity > 0 {
                canvas.setColor(fill, opacity: fillOpacity)
                cairo_fill_preserve(cr)
            }
            if let stroke, strokeWidth > 0, strokeOpacity > 0 {
                canvas.setColor(stroke, opacity: strokeOpacity)
                cairo_set_line_width(cr, strokeWidth)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                if let dash, dash.count >= 2 {
                    let scaled = dash.map { $0 * strokeWidth }
                    cairo_set_dash(cr, scaled, Int32(scaled.count), 0)
                }
                cairo_stroke(cr)
            }
            cairo_new_path(cr)
        }
    }
}
