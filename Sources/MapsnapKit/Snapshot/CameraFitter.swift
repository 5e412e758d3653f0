import Foundation
import MapsnapGeo
import MapsnapRender

/// Chooses the center and (fractional) zoom that show every overlay, boxes included, inside the
/// padding — like MapKit's `showAnnotations`. Works in the unit Web Mercator square, turned by
/// the bearing, where a zoom change is a uniform scale: the highest zoom at which some center
/// fits all points is found by bisection. A pitched camera is then fitted on screen (see `fitPitched`).
public enum CameraFitter {
    public static let maxZoom = 20.0

    /// nil when there is nothing to fit or everything is one point (the caller falls back to meters).
    /// `longitudesAsGiven`: the coordinates' longitudes already say which copy of the world each
    /// lies in (a box's east side may be past 180): they are not moved to keep them together.
    public static func fit(_ footprints: [OverlayFootprint], size: ImageSize, padding: Double,
                           bearing: Double, pitch: Double = 0, longitudesAsGiven: Bool = false) -> (center: LatLon, zoom: Double)? {
        guard let flat = fitFlat(footprints, size: size, padding: padding, bearing: bearing,
                                 longitudesAsGiven: longitudesAsGiven) else { return nil }
        guard pitch > 0 else { return flat }
        return fitPitched(footprints, size: size, padding: padding, bearing: bearing, pitch: pitch, from: flat)
    }

    /// Pitched, the far side shrinks and the near side grows, so the flat fit is only a start: for a
    /// zoom, the center is moved until the footprints' screen bounds are centered (a few steps),
    /// and the highest zoom whose bounds then fit inside the padding is found by bisection.
    static func fitPitched(_ footprints: [OverlayFootprint], size: ImageSize, padding: Double, bearing: Double,
                           pitch: Double, from flat: (center: LatLon, zoom: Double)) -> (center: LatLon, zoom: Double) {
        let w = Double(size.width), h = Double(size.height)
        let middle = Point(x: w / 2, y: h / 2)
        /// The footprints' screen bounds for a camera; nil when one lies nearer than the near plane.
        func bounds(_ center: LatLon, _ zoom: Double) -> Rect? {
            let camera = Camera(center: center, zoom: zoom, size: size, degreesClockwiseFromNorth: bearing, pitch: pitch)
            guard let perspective = camera.perspective else { return nil }
            let world = WebMercator.worldSize(zoom: zoom), cx = camera.centerWorld.x
            var out: Rect?
            for f in footprints {
                for c in f.coordinates {
                    var p = WebMercator.project(c, zoom: zoom)
                    p.x += ((cx - p.x) / world).rounded() * world
                    let plane = camera.worldToScreen.screen(fromWorld: p)
                    guard plane.y < perspective.nearPlaneY else { return nil }
                    let s = perspective.screen(fromPlane: plane)
                    let box = Rect(minX: s.x + f.box.minX, minY: s.y + f.box.minY, maxX: s.x + f.box.maxX, maxY: s.y + f.box.maxY)
                    out = out.map { $0.union(box) } ?? box
                }
            }
            return out
        }
        func inside(_ b: Rect, slack: Double) -> Bool {
            b.minX >= padding - slack && b.maxX <= w - padding + slack && b.minY >= padding - slack && b.maxY <= h - padding + slack
        }
        func attempt(_ zoom: Double) -> LatLon? {
            var center = flat.center
            for step in 0..<8 {
                guard let b = bounds(center, zoom) else { return nil }
                if step > 0 && inside(b, slack: 0) { return center }
                // Move the center to the ground under the bounds' middle.
                let target = Point(x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2)
                if (target - middle).length < 0.01 { break }
                let camera = Camera(center: center, zoom: zoom, size: size, degreesClockwiseFromNorth: bearing, pitch: pitch)
                center = WebMercator.unproject(camera.world(fromScreen: target), zoom: zoom)
            }
            guard let b = bounds(center, zoom), inside(b, slack: 0.5) else { return nil }
            return center
        }
        var lo = 0.0, hi = maxZoom
        guard var best = attempt(lo) else { return (flat.center, 0) }
        if let top = attempt(hi) { return (top, hi) }
        for _ in 0..<40 where hi - lo > 1e-4 {
            let mid = (lo + hi) / 2
            if let c = attempt(mid) { best = c; lo = mid } else { hi = mid }
        }
        return (best, lo)
    }

    static func fitFlat(_ footprints: [OverlayFootprint], size: ImageSize, padding: Double,
                        bearing: Double, longitudesAsGiven: Bool = false) -> (center: LatLon, zoom: Double)? {
        var units: [(x: Double, y: Double, box: Rect)] = []
        for f in footprints {
            for c in f.coordinates { let u = WebMercator.projectUnit(c); units.append((u.x, u.y, f.box)) }
        }
        guard let first = units.first else { return nil }
        // Across the antimeridian, use the copy of the world that keeps the points together.
        let xs = units.map(\.x)
        if !longitudesAsGiven && xs.max()! - xs.min()! > 0.5 {
            units = units.map { $0.x < 0.5 ? ($0.x + 1, $0.y, $0.box) : $0 }
        }
        if units.allSatisfy({ abs($0.x - first.x) < 1e-12 && abs($0.y - first.y) < 1e-12 }) { return nil }

        // Screen = rotate(unit − center) · scale; rotation by −bearing, as ScreenTransform does.
        let r = -bearing * .pi / 180
        let cosR = cos(r), sinR = sin(r)
        let rotated = units.map { (x: $0.x * cosR - $0.y * sinR, y: $0.x * sinR + $0.y * cosR, box: $0.box) }
        let w = Double(size.width), h = Double(size.height)

        /// The range of centers (rotated unit space) that fit along one axis at a scale, or nil.
        func centers(_ scale: Double, _ pos: (Int) -> Double, _ lo: (Rect) -> Double, _ hi: (Rect) -> Double,
                     _ extent: Double) -> ClosedRange<Double>? {
            var low = -Double.infinity, high = Double.infinity
            for i in rotated.indices {
                let p = pos(i), b = rotated[i].box
                // extent/2 + (p − c)·scale + lo ≥ padding  and  extent/2 + (p − c)·scale + hi ≤ extent − padding
                high = min(high, p + (extent / 2 + lo(b) - padding) / scale)
                low = max(low, p - (extent / 2 - hi(b) - padding) / scale)
            }
            return low <= high ? low...high : nil
        }
        func fits(_ zoom: Double) -> (Double, Double)? {
            let scale = WebMercator.worldSize(zoom: zoom)
            guard let cx = centers(scale, { rotated[$0].x }, { $0.minX }, { $0.maxX }, w),
                  let cy = centers(scale, { rotated[$0].y }, { $0.minY }, { $0.maxY }, h) else { return nil }
            return ((cx.lowerBound + cx.upperBound) / 2, (cy.lowerBound + cy.upperBound) / 2)
        }
        var lo = 0.0, hi = maxZoom
        guard var best = fits(lo) else {
            // Even the whole world does not fit the padding: show everything as well as it goes.
            let c = WebMercator.unprojectUnit(Point(x: units.map(\.x).reduce(0, +) / Double(units.count),
                                                    y: units.map(\.y).reduce(0, +) / Double(units.count)))
            return (c, 0)
        }
        if let top = fits(hi) { best = top; lo = hi }
        for _ in 0..<50 where hi - lo > 1e-6 {
            let mid = (lo + hi) / 2
            if let c = fits(mid) { best = c; lo = mid } else { hi = mid }
        }
        // Turn the rotated center back into the unit square.
        let ux = best.0 * cosR + best.1 * sinR, uy = -best.0 * sinR + best.1 * cosR
        var center = WebMercator.unprojectUnit(Point(x: ux, y: uy))
        if center.longitude > 180 { center.longitude -= 360 }
        if center.longitude < -180 { center.longitude += 360 }
        return (center, lo)
    }
}
