import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapKit
import MapsnapOverlays
import MapsnapRender
import Testing

/// Overlay geometry checked with numbers: where pixels land, not only how they look.
struct OverlayGeometryTests {
    /// A white background and no sources at all.
    static let blankStyle = StyleSelection(style: .file(
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/blank.json").path))

    func render(_ overlays: [Overlay], center: LatLon, zoom: Double, size: Int = 400, scale: Double = 1) throws -> (RasterImage, Camera) {
        let s = try Snapshotter(Self.blankStyle)
        var r = MapRequest()
        r.center = center
        r.zoom = zoom
        r.size = ImageSize(width: size, height: size)
        r.pixelRatio = scale
        r.decorations.attribution = false
        let snap = try s.snapshot(r, overlays: overlays)
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
        let s = try Snapshotter(Self.blankStyle)
        var o = MapRequest()
        o.size = ImageSize(width: 640, height: 480)
        o.fit = true
        let overlays: [Overlay] = [
            .marker(Marker(coordinate: LatLon(43.7400, 7.4300), title: "北边的标记")),
            .marker(Marker(coordinate: LatLon(43.7300, 7.4180), title: "South-west marker")),
            .userLocation(UserLocation(coordinate: LatLon(43.7350, 7.4320), accuracyMeters: 150)),
            .circle(GeoCircle(center: LatLon(43.7330, 7.4250), radiusMeters: 200)),
        ]
        // Pitched, the far side shrinks and the near side grows: the fit is made on screen.
        for (bearing, pitch) in [(0.0, 0.0), (30.0, 0.0), (30.0, 45.0), (0.0, 60.0)] {
            o.bearing = bearing
            o.pitch = pitch
            let camera = try s.camera(for: o, overlays: overlays)
            #expect(camera.pitch == pitch)
            var box = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for f in s.renderer.footprints(of: overlays) {
                for c in f.coordinates {
                    let p = camera.screen(fromWorld: WebMercator.project(c, zoom: camera.zoom))
                    box = box.union(Rect(minX: p.x + f.box.minX, minY: p.y + f.box.minY, maxX: p.x + f.box.maxX, maxY: p.y + f.box.maxY))
                }
            }
            #expect(box.minX >= 40 - 0.51 && box.minY >= 40 - 0.51, "bearing \(bearing), pitch \(pitch): \(box)")
            #expect(box.maxX <= 600 + 0.51 && box.maxY <= 440 + 0.51, "bearing \(bearing), pitch \(pitch): \(box)")
            // Tight: at least one side touches the padding.
            let slack = min(box.minX - 40, box.minY - 40, 600 - box.maxX, 440 - box.maxY)
            #expect(slack < 1, "bearing \(bearing), pitch \(pitch): the fit is not tight (\(slack) pt to spare)")
        }
    }

    @Test func aLonePointFallsBackToMeters() throws {
        let s = try Snapshotter(Self.blankStyle)
        var o = MapRequest()
        o.fit = true
        o.meters = 500
        let c = try s.camera(for: o, overlays: [.marker(Marker(coordinate: LatLon(43.735, 7.42)))])
        #expect(c.center == LatLon(43.735, 7.42))
        #expect(abs(c.metersAcrossShorterSide - 500) < 1e-6)
    }

    /// An icon marker's anchor point lies on the coordinate: a 20x10 red image anchored at its
    /// bottom centre covers the 10 points left and right of the tip and the 10 above it.
    @Test(arguments: [1.0, 2.0])
    func iconMarkerIsPlacedByItsAnchor(scale: Double) throws {
        let icon = try RasterImage(pixelWidth: 20, pixelHeight: 10)
        icon.withPixels { p, stride in
            for y in 0..<10 { for x in 0..<20 { UnsafeMutableRawPointer(mutating: p + y * stride + x * 4).storeBytes(of: UInt32(0xffff_0000), as: UInt32.self) } }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-icon-\(UUID()).png").path
        try AtomicFile.write(try icon.pngData(), to: path)
        let p = LatLon(43.7350, 7.4230)
        let marker = Marker(coordinate: p, icon: MarkerIcon(path: path))
        let (image, cam) = try render([.marker(marker)], center: p, zoom: 17, size: 100, scale: scale)
        let tip = cam.worldToScreen.screen(fromWorld: WebMercator.project(p, zoom: cam.zoom))
        #expect(abs(tip.x - 50) < 1e-9 && abs(tip.y - 50) < 1e-9)
        func isRed(_ x: Double, _ y: Double) -> Bool {
            let c = image.rgba(x: Int(x * scale), y: Int(y * scale))
            return c.r > 200 && c.g < 60 && c.b < 60
        }
        #expect(isRed(41, 41) && isRed(58, 48), "inside the image")
        #expect(!isRed(50, 51) && !isRed(39, 45) && !isRed(61, 45) && !isRed(50, 39), "outside it")
    }

    @Test func missingIconImageNamesTheMarker() throws {
        let s = try Snapshotter(Self.blankStyle)
        var r = MapRequest()
        r.overlays.markers = [Marker(coordinate: LatLon(43.7, 7.4)), Marker(coordinate: LatLon(43.7, 7.4), icon: MarkerIcon(path: "/nowhere/pin.png"))]
        do { _ = try s.snapshot(r) } catch {
            #expect(error.description == "markers[1].icon: /nowhere/pin.png: no such file")
            return
        }
        Issue.record("expected an error")
    }
}
