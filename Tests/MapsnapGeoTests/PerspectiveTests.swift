import Foundation
import Testing
@testable import MapsnapGeo

struct PerspectiveTests {
    /// MapLibre's transform spelled out as its 4×4 matrices (column vectors): perspective(fov,
    /// aspect) · scale(1, −1, 1) · translate(0, 0, −D) · rotateX(pitch) · rotateZ(angle), applied
    /// to a point relative to the center, then clip → NDC → pixels. The homography must agree.
    static func mapLibreScreen(_ ux: Double, _ uy: Double, width: Double, height: Double, pitchDegrees: Double) -> Point {
        let fov = 0.6435011087932844
        let d = 0.5 / tan(fov / 2) * height
        let f = 1 / tan(fov / 2), aspect = width / height
        let pitch = pitchDegrees * .pi / 180
        // rotateX(pitch) of (ux, uy, 0)
        let x1 = ux, y1 = uy * cos(pitch), z1 = uy * sin(pitch)
        // translate z by −D, then scale y by −1
        let x2 = x1, y2 = -y1, z2 = z1 - d
        // perspective: clip = (f/aspect·x, f·y, …, −z)
        let cx = f / aspect * x2, cy = f * y2, cw = -z2
        let ndcX = cx / cw, ndcY = cy / cw
        return Point(x: (ndcX + 1) / 2 * width, y: (1 - ndcY) / 2 * height)
    }

    /// Padding moves the map's center, and the vanishing point with it: the padded image is the
    /// unpadded one shifted (MapLibre offsets its projection's principal point). A wider field of
    /// view brings the camera nearer: the far ground shrinks more.
    @Test func paddingShiftsTheImageAndFieldOfViewBringsTheCameraNearer() throws {
        var camera = Camera(center: LatLon(43.73, 7.42), zoom: 15, size: ImageSize(width: 400, height: 300), pitch: 50)
        let ground = camera.world(fromScreen: Point(x: 120, y: 80))
        camera.padding = EdgeInsets(top: 20, left: 100, bottom: 0, right: 0)
        #expect(camera.screenCenter == Point(x: 250, y: 160))
        let moved = camera.screen(fromWorld: ground)
        #expect(abs(moved.x - 170) < 1e-6 && abs(moved.y - 90) < 1e-6)
        camera.padding = EdgeInsets()
        let near = try #require(camera.perspective)
        camera.fieldOfView = 90
        let wide = try #require(camera.perspective)
        #expect(wide.cameraToCenterDistance < near.cameraToCenterDistance)
        #expect(wide.scale(atPlane: Point(x: 200, y: 0)) < near.scale(atPlane: Point(x: 200, y: 0)))
        // Out of MapLibre's range (0.1…150°) is clamped.
        camera.fieldOfView = 500
        #expect(abs(try #require(camera.perspective).cameraToCenterDistance - 0.5 / tan(75 * Double.pi / 180) * 300) < 1e-9)
    }

    @Test(arguments: [10.0, 30, 45, 60])
    func matchesMapLibresMatrices(pitch: Double) throws {
        let (w, h) = (800.0, 600.0)
        let p = try #require(Perspective(pitchDegrees: pitch, width: w, height: h))
        for (ux, uy) in [(0.0, 0.0), (-300, -200), (250, 120), (390, -290), (-10, 290)] {
            let ours = p.screen(fromPlane: Point(x: w / 2 + ux, y: h / 2 + uy))
            let theirs = Self.mapLibreScreen(ux, uy, width: w, height: h, pitchDegrees: pitch)
            #expect(abs(ours.x - theirs.x) < 1e-6 && abs(ours.y - theirs.y) < 1e-6, "pitch \(pitch) at (\(ux), \(uy))")
        }
    }

    @Test func flatHasNoPerspectiveAndSteepIsClamped() throws {
        #expect(Perspective(pitchDegrees: 0, width: 100, height: 100) == nil)
        #expect(Camera(center: LatLon(0, 0), zoom: 3, size: ImageSize(width: 100, height: 100)).perspective == nil)
        let steep = try #require(Perspective(pitchDegrees: 80, width: 100, height: 100))
        #expect(steep.pitchDegrees == 60)
    }

    @Test func screenAndPlaneAreInverses() throws {
        let p = try #require(Perspective(pitchDegrees: 50, width: 1024, height: 768))
        // The image center is fixed, at the flat map's scale.
        #expect(p.screen(fromPlane: p.center) == p.center)
        #expect(abs(p.scale(atPlane: p.center) - 1) < 1e-12)
        for s in [Point(x: 0, y: 0), Point(x: 1024, y: 0), Point(x: 512, y: 768), Point(x: 100, y: 500)] {
            let back = p.screen(fromPlane: p.plane(fromScreen: s))
            #expect(abs(back.x - s.x) < 1e-6 && abs(back.y - s.y) < 1e-6)
        }
        // Toward the horizon the ground shrinks; labels shrink half as fast (MapLibre's 0.5 + 0.5·D/w).
        let far = p.plane(fromScreen: Point(x: 512, y: 0))
        #expect(p.scale(atPlane: far) < 0.65)
        #expect(abs(p.symbolScale(atPlane: far) - (0.5 + 0.5 * p.scale(atPlane: far))) < 1e-12)
    }

    @Test func jacobianIsTheLocalDerivative() throws {
        let p = try #require(Perspective(pitchDegrees: 40, width: 600, height: 400))
        let at = Point(x: 150, y: 90), h = 1e-4
        let j = p.jacobian(atPlane: at)
        let dx = (p.screen(fromPlane: at + Point(x: h, y: 0)) - p.screen(fromPlane: at)) * (1 / h)
        let dy = (p.screen(fromPlane: at + Point(x: 0, y: h)) - p.screen(fromPlane: at)) * (1 / h)
        #expect(abs(dx.x - j.a) < 1e-4 && abs(dx.y - j.c) < 1e-4 && abs(dy.x - j.b) < 1e-4 && abs(dy.y - j.d) < 1e-4)
    }

    @Test func aProjectedCircleIsTheEllipseFound() throws {
        let p = try #require(Perspective(pitchDegrees: 55, width: 512, height: 512))
        let center = Point(x: 300, y: 150), r = 40.0
        let e = try #require(p.ellipse(center: center, radius: r))
        // The ellipse's center lies nearer (lower on screen) than the projected circle center.
        #expect(e.center.y > p.screen(fromPlane: center).y)
        let det = e.a * e.d - e.b * e.c
        for k in 0..<36 {
            let t = Double(k) * .pi / 18
            let s = p.screen(fromPlane: Point(x: center.x + r * cos(t), y: center.y + r * sin(t))) - e.center
            // Back through the inverse of the linear map: on the unit circle.
            let ux = (e.d * s.x - e.b * s.y) / det, uy = (-e.c * s.x + e.a * s.y) / det
            #expect(abs((ux * ux + uy * uy).squareRoot() - 1) < 1e-6)
        }
        #expect(p.ellipse(center: Point(x: 256, y: p.nearPlaneY), radius: 5) == nil)
    }

    @Test func nearPlaneCutsLinesAndRings() throws {
        let p = try #require(Perspective(pitchDegrees: 60, width: 400, height: 400))
        let near = p.nearPlaneY
        let parts = p.clipLine([Point(x: 0, y: near - 10), Point(x: 0, y: near + 10), Point(x: 10, y: near + 20),
                                Point(x: 10, y: near - 30), Point(x: 20, y: near - 40)])
        #expect(parts.count == 2)
        #expect(parts[0] == [Point(x: 0, y: near - 10), Point(x: 0, y: near)])
        #expect(parts[1].first!.y == near && parts[1].last == Point(x: 20, y: near - 40))
        let ring = p.clipRing([Point(x: 0, y: near - 10), Point(x: 10, y: near - 10), Point(x: 10, y: near + 10), Point(x: 0, y: near + 10)])
        #expect(ring.count == 4 && ring.allSatisfy { $0.y <= near })
        #expect(p.clipRing([Point(x: 0, y: near + 1), Point(x: 1, y: near + 1), Point(x: 1, y: near + 2)]).isEmpty)
        // Every point kept projects with a positive depth, at most four times the center's scale.
        for q in parts.flatMap({ $0 }) { #expect(p.scale(atPlane: q) <= 4 + 1e-9) }
    }

    @Test func pitchedCameraSeesFartherAndKeepsMeters() {
        let size = ImageSize(width: 800, height: 600)
        let flat = Camera(center: LatLon(43.736, 7.426), meters: 800, size: size)
        let pitched = Camera(center: LatLon(43.736, 7.426), meters: 800, size: size, pitch: 45)
        // Meters are the ground at the center, where a pitched camera has the flat scale.
        #expect(flat.zoom == pitched.zoom)
        let a = flat.visibleWorldRect(), b = pitched.visibleWorldRect()
        #expect(b.minY < a.minY - 100 && b.width > a.width)
        // Screen → world → screen round trip through the pitch.
        let s = Point(x: 120, y: 40)
        let back = pitched.screen(fromWorld: pitched.world(fromScreen: s))
        #expect(abs(back.x - s.x) < 1e-6 && abs(back.y - s.y) < 1e-6)
    }
}
