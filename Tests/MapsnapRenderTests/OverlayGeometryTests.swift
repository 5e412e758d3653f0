import Foundation
import MapsnapKit
import Testing

/// Overlay geometry checked with numbers: where pixels land, not only how they look.
struct OverlayGeometryTests {
    static let blankStyle = StyleReference.file(
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/blank.json").path)

    func render(_ overlays: [Overlay], center: LatLon, zoom: Double, size: Int = 400, scale: Double = 1) throws -> (RasterImage, Camera) {
        let s = try Snapshotter(style: Self.blankStyle)
        var o = SnapshotOptions()
        o.center = center
        o.framing = .zoom(zoom)
        o.size = ImageSize(width: size, height: size)
        o.scale = scale
        o.attribution = false
        o.overlays = overlays
        let snap = try s.snapshot(o)
        return (snap.image, snap.camera)
    }

    /// A marker's tip is on the projected pixel: the balloon is just above it, centered, and
    /// nothing red lies below it.
    @Test(arguments: [1.0, 2.0])
    func markerTipLandsOnTheProjectedPixel(scale: Double) throws {
        let p = LatLon(43.7350, 7.4230)
        let camera = LatLon(43.7352, 7.4226)
        let (image, cam) = try render([.marker(Marker(coordinate: p, color: Color(r: 1, g: 0, b: 0, a: 1)))], center: camera, zoom: 17, scale: scale)
        let tip = cam.worldToScreen.screen(fromWorld: WebMercator.project(p, zoom: cam.zoom))
        let x = Int((tip.x * scale).rounded()), y = Int((tip.y * scale).rounded())
        func isRed(_ dx: Int, _ dy: Int) -> Bool {
            let c = image.rgba(x: x + dx, y: y + dy)
            return c.r > 180 && c.g < 90 && c.b < 90
        }
        #expect(isRed(0, -Int(3 * scale)), "balloon just above the tip")
        #expect(!isRed(0, Int(2 * scale)), "nothing red under the tip")
        #expect(isRed(-Int(4 * scale), -Int(14 * scale)) && isRed(Int(4 * scale), -Int(14 * scale)), "balloon centered over the tip")
        #expect(!isRed(-Int(4 * scale), -Int(1 * scale)) || !isRed(Int(4 * scale), -Int(1 * scale)), "the balloon narrows to its tip")
    }

    /// An independent reference for the circle's east radius: the production code uses a full
    /// geodesic solution; here 100 m east comes from the ellipsoid's radius of curvature in the
    /// prime vertical, N = a / sqrt(1 − e² sin²φ), as 100 / (N cos φ) radians of longitude
    /// (millimetre-exact at 100 m), turned into pixels with the Web Mercator formula written out.
    static func expectedRadiusPixels(latitude: Double, meters: Double, zoom: Double) -> Double {
        let a = 6_378_137.0, f = 1 / 298.257_223_563
        let e2 = f * (2 - f)
        let phi = latitude * .pi / 180
        let n = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let dLonDegrees = meters / (n * cos(phi)) * 180 / .pi
        let worldPixels = 512 * pow(2, zoom)
        return dLonDegrees / 360 * worldPixels
    }

    @Test(arguments: [0.0, 60.0])
    func accuracyCircleHasTheRightPixelRadius(latitude: Double) throws {
        let zoom = latitude == 0 ? 17.0 : 16.0   // both give a radius of about 167 px
        let center = LatLon(latitude, 7.42)
        let user = UserLocation(coordinate: center, accuracyMeters: 100, reducedAccuracy: true)
        let (image, _) = try render([.userLocation(user)], center: center, zoom: zoom, size: 600)
        // Scan the row through the center for the circle's outermost tinted pixel on the right.
        var edge = 300
        for x in stride(from: 599, to: 300, by: -1) where image.rgba(x: x, y: 300).r < 250 { edge = x; break }
        let measured = Double(edge) + 0.5 - 300
        let expected = Self.expectedRadiusPixels(latitude: latitude, meters: 100, zoom: zoom)
        #expect(abs(measured - expected) <= 1.0, "measured \(measured) px, expected \(expected) px")
    }

    @Test func fitKeepsEveryOverlayInsideThePadding() throws {
        let s = try Snapshotter(style: Self.blankStyle)
        var o = SnapshotOptions()
        o.size = ImageSize(width: 640, height: 480)
        o.framing = .fit(padding: 40, fallbackMeters: 800)
        o.overlays = [
            .marker(Marker(coordinate: LatLon(43.7400, 7.4300), title: "北边的标记")),
            .marker(Marker(coordinate: LatLon(43.7300, 7.4180), title: "South-west marker")),
            .userLocation(UserLocation(coordinate: LatLon(43.7350, 7.4320), accuracyMeters: 150)),
            .circle(GeoCircle(center: LatLon(43.7330, 7.4250), radiusMeters: 200)),
        ]
        for bearing in [0.0, 30.0] {
            o.bearing = bearing
            let camera = s.camera(for: o)
            let t = camera.worldToScreen
            var box = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for f in s.renderer.footprints(of: o.overlays) {
                for c in f.coordinates {
                    let p = t.screen(fromWorld: WebMercator.project(c, zoom: camera.zoom))
                    box = box.union(Rect(minX: p.x + f.box.minX, minY: p.y + f.box.minY, maxX: p.x + f.box.maxX, maxY: p.y + f.box.maxY))
                }
            }
            #expect(box.minX >= 40 - 0.01 && box.minY >= 40 - 0.01, "bearing \(bearing): \(box)")
            #expect(box.maxX <= 600 + 0.01 && box.maxY <= 440 + 0.01, "bearing \(bearing): \(box)")
            // Tight: at least one side touches the padding.
            let slack = min(box.minX - 40, box.minY - 40, 600 - box.maxX, 440 - box.maxY)
            #expect(slack < 0.5, "bearing \(bearing): the fit is not tight (\(slack) pt to spare)")
        }
    }

    @Test func aLonePointFallsBackToMeters() throws {
        let s = try Snapshotter(style: Self.blankStyle)
        var o = SnapshotOptions()
        o.framing = .fit(padding: 40, fallbackMeters: 500)
        o.overlays = [.marker(Marker(coordinate: LatLon(43.735, 7.42)))]
        let c = s.camera(for: o)
        #expect(c.center == LatLon(43.735, 7.42))
        #expect(abs(c.metersAcrossShorterSide - 500) < 1e-6)
    }
}
