import CCairo
import Foundation
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapRender
import Testing

/// Geofences filled as ellipses (`EllipseRasterizer`, `GeoShapePainter.ellipse(through:)`).
struct EllipseRasterizerTests {
    static let blue = Color(r: 0, g: 0.48, b: 1, a: 1)

    /// Inside, the colour is Cairo's OVER of the same colour, byte for byte; outside nothing
    /// changes; the rim is in between.
    @Test func theInsideIsCairosColourAndTheRimFades() throws {
        let image = try RasterImage(pixelWidth: 60, pixelHeight: 60)
        let reference = try RasterImage(pixelWidth: 60, pixelHeight: 60)
        let plain = try RasterImage(pixelWidth: 60, pixelHeight: 60)
        for target in [image, reference, plain] {
            let cr = cairo_create(target.surface)
            cairo_set_source_rgba(cr, 0.9, 0.8, 0.3, 1)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        EllipseRasterizer(image: image).fill(center: Point(x: 30.3, y: 30), radiusX: 20, radiusY: 19.8, color: Self.blue, opacity: 0.15)
        let cr = cairo_create(reference.surface)
        cairo_set_source_rgba(cr, Self.blue.r, Self.blue.g, Self.blue.b, 0.15)
        cairo_paint(cr)
        cairo_destroy(cr)
        #expect(image.rgba(x: 30, y: 30) == reference.rgba(x: 30, y: 30))
        #expect(image.rgba(x: 45, y: 30) == reference.rgba(x: 45, y: 30))
        #expect(image.rgba(x: 2, y: 2) == plain.rgba(x: 2, y: 2))
        // The centre of pixel 50 is 20.2 px from the centre: 0.3 covered.
        let rim = image.rgba(x: 50, y: 30), inside = image.rgba(x: 30, y: 30), outside = plain.rgba(x: 50, y: 30)
        #expect(rim != inside && rim != outside)
        #expect(abs(Double(rim.b) - (Double(outside.b) + 0.3 * (Double(inside.b) - Double(outside.b)))) <= 2)
    }

    /// A geodesic ring of a few hundred metres is an ellipse on screen; a square is not.
    @Test func geofenceRingsAreEllipsesAndSquaresAreNot() {
        let camera = Camera(center: LatLon(43.7360, 7.4260), zoom: 16, size: ImageSize(width: 400, height: 400))
        let points = Geodesy.circle(center: LatLon(43.7360, 7.4260), radiusMeters: 200, segments: 160).map { p in
            camera.screen(fromWorld: WebMercator.project(p, zoom: camera.zoom))
        }
        let e = GeoShapePainter.ellipse(through: points, pixelRatio: 1)
        #expect(e != nil)
        if let e { #expect(abs(e.radiusX / e.radiusY - 1) < 0.01 && abs(e.center.x - 200) < 0.5 && abs(e.center.y - 200) < 0.5) }
        let square = (0..<40).map { i -> Point in
            let t = Double(i % 10) / 10
            switch i / 10 {
            case 0: return Point(x: t * 100, y: 0)
            case 1: return Point(x: 100, y: t * 100)
            case 2: return Point(x: 100 - t * 100, y: 100)
            default: return Point(x: 0, y: 100 - t * 100)
            }
        }
        #expect(GeoShapePainter.ellipse(through: square + [square[0]], pixelRatio: 1) == nil)
    }
}
