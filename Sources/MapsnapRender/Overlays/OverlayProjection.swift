import Foundation
import MapsnapGeo

/// WGS-84 positions → screen points for overlays, taking the copy of the world nearest the view
/// and keeping lines continuous across the antimeridian (a track from 179.9° to −179.9° goes the
/// short way, not around the world). Under a pitched camera, lines and rings lie on the map
/// plane (cut at the near plane) and points are where their ground position shows.
struct OverlayProjection {
    let camera: Camera
    let transform: ScreenTransform
    let perspective: Perspective?
    let worldSize: Double

    init(camera: Camera) {
        self.camera = camera
        transform = camera.worldToScreen
        perspective = camera.perspective
        worldSize = WebMercator.worldSize(zoom: camera.zoom)
    }

    func point(_ p: LatLon) -> Point {
        var w = WebMercator.project(p, zoom: camera.zoom)
        let cx = transform.centerWorld.x
        w.x += ((cx - w.x) / worldSize).rounded() * worldSize
        let plane = transform.screen(fromWorld: w)
        return perspective?.screen(fromPlane: plane) ?? plane
    }

    /// A line on screen, in parts: one, unless a pitched camera's near plane cuts it.
    func lines(_ points: [LatLon]) -> [[Point]] {
        let plane = line(points)
        guard let perspective else { return [plane] }
        return perspective.clipLine(plane).map { $0.map(perspective.screen(fromPlane:)) }
    }

    /// A polygon ring on screen (pitched: the part beyond the near plane).
    func ring(_ points: [LatLon]) -> [Point] {
        let plane = line(points)
        guard let perspective else { return plane }
        return perspective.clipRing(plane).map(perspective.screen(fromPlane:))
    }

    /// A line's points on the plane (the screen without pitch); each point is moved by whole
    /// worlds to stay next to the previous one.
    private func line(_ points: [LatLon]) -> [Point] {
        guard let first = points.first else { return [] }
        var out: [Point] = []
        out.reserveCapacity(points.count)
        let size = worldSize
        // `WebMercator.project`, with the world's size worked out once rather than per point.
        func project(_ p: LatLon) -> Point {
            let unit = WebMercator.projectUnit(p)
            return Point(x: unit.x * size, y: unit.y * size)
        }
        var previous = project(first)
        previous.x += ((transform.centerWorld.x - previous.x) / worldSize).rounded() * worldSize
        out.append(transform.screen(fromWorld: previous))
        for p in points.dropFirst() {
            var w = project(p)
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
