import Foundation
import MapsnapGeo

/// WGS-84 positions → screen points for overlays, taking the copy of the world nearest the view
/// and keeping lines continuous across the antimeridian (a track from 179.9° to −179.9° goes the
/// short way, not around the world).
struct OverlayProjection {
    let camera: Camera
    let transform: ScreenTransform
    let worldSize: Double

    init(camera: Camera) {
        self.camera = camera
        transform = camera.worldToScreen
        worldSize = WebMercator.worldSize(zoom: camera.zoom)
    }

    func point(_ p: LatLon) -> Point {
        var w = WebMercator.project(p, zoom: camera.zoom)
        let cx = transform.centerWorld.x
        w.x += ((cx - w.x) / worldSize).rounded() * worldSize
        return transform.screen(fromWorld: w)
    }

    /// A line's points; each point is moved by whole worlds to stay next to the previous one.
    func line(_ points: [LatLon]) -> [Point] {
        guard let first = points.first else { return [] }
        var out: [Point] = []
        out.reserveCapacity(points.count)
        var previous = WebMercator.project(first, zoom: camera.zoom)
        previous.x += ((transform.centerWorld.x - previous.x) / worldSize).rounded() * worldSize
        out.append(transform.screen(fromWorld: previous))
        for p in points.dropFirst() {
            var w = WebMercator.project(p, zoom: camera.zoom)
            w.x += ((previous.x - w.x) / worldSize).rounded() * worldSize
            out.append(transform.screen(fromWorld: w))
            previous = w
        }
        return out
    }

    /// Screen points per meter of ground at `p` (Web Mercator scale).
    func pointsPerMeter(at p: LatLon) -> Double {
        1 / WebMercator.metersPerPixel(latitude: p.latitude, zoom: camera.zoom)
    }
}
