import Foundation
import CCairo
import MapsnapGeo
import MapsnapOverlays
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
        let ring = ring(center: c.center, radiusMeters: c.radiusMeters)
        // On a raster image, a ring that is an ellipse on screen is filled as one, and an opaque
        // solid outline drawn as round-capped capsules, as opaque tracks are.
        guard let image = frame.canvas.image, let fill = c.fillColor, c.fillOpacity > 0,
              let e = Self.ellipse(through: ring, pixelRatio: frame.canvas.pixelRatio) else {
            drawRings([ring], fill: c.fillColor, fillOpacity: c.fillOpacity,
                      stroke: c.strokeColor, strokeWidth: c.strokeWidth, strokeOpacity: c.strokeOpacity, dash: c.dash)
            return
        }
        let ratio = frame.canvas.pixelRatio
        EllipseRasterizer(image: image).fill(center: Point(x: e.center.x * ratio, y: e.center.y * ratio), radiusX: e.radiusX * ratio,
                                             radiusY: e.radiusY * ratio, color: fill, opacity: c.fillOpacity)
        guard let stroke = c.strokeColor, c.strokeWidth > 0, stroke.a * c.strokeOpacity >= 1, (c.dash?.count ?? 0) < 2 else {
            drawRings([ring], fill: nil, fillOpacity: 0, stroke: c.strokeColor, strokeWidth: c.strokeWidth,
                      strokeOpacity: c.strokeOpacity, dash: c.dash)
            return
        }
        let rasterizer = LineRasterizer(image: image, pixelRatio: ratio)
        image.withMutablePixels { data, stride in
            rasterizer.drawRoundCapsules(ring[...], color: stroke, width: c.strokeWidth,
                                         clip: .init(minX: 0, minY: 0, maxX: image.pixelWidth, maxY: image.pixelHeight),
                                         closed: true, into: data, stride: stride)
        }
    }

    /// The axis-aligned ellipse on whose edge every corner of `ring` lies, to a twentieth of a
    /// device pixel beyond how far the ring's chords cut inside the curve: a geofence of a few
    /// kilometres on an unpitched map (the ellipsoid's radii of curvature differ by a part in
    /// 150), nil for anything else.
    static func ellipse(through ring: [Point], pixelRatio: Double) -> (center: Point, radiusX: Double, radiusY: Double)? {
        guard ring.count > 8 else { return nil }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in ring {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let center = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        let (rx, ry) = ((maxX - minX) / 2, (maxY - minY) / 2)
        let sagitta = max(rx, ry) * (1 - cos(Double.pi / Double(ring.count - 1)))
        let tolerance = 0.05 / pixelRatio + 2 * sagitta
        guard rx.isFinite, ry.isFinite, rx > 4 * tolerance, ry > 4 * tolerance else { return nil }
        for p in ring {
            let u = (p.x - center.x) / rx, v = (p.y - center.y) / ry
            guard abs((u * u + v * v).squareRoot() - 1) * min(rx, ry) <= tolerance else { return nil }
        }
        return (center, rx, ry)
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
