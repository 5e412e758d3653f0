import Foundation
import MapsnapGeo
import MapsnapRender

/// Chooses the center and (fractional) zoom that show every overlay, boxes included, inside the
/// padding — like MapKit's `showAnnotations`. Works in the unit Web Mercator square, turned by
/// the bearing, where a zoom change is a uniform scale: the highest zoom at which some center
/// fits all points is found by bisection.
public enum CameraFitter {
    public static let maxZoom = 20.0

    /// nil when there is nothing to fit or everything is one point (the caller falls back to meters).
    public static func fit(_ footprints: [OverlayFootprint], size: ImageSize, padding: Double,
                           bearing: Double) -> (center: LatLon, zoom: Double)? {
        var units: [(x: Double, y: Double, box: Rect)] = []
        for f in footprints {
            for c in f.coordinates { let u = WebMercator.projectUnit(c); units.append((u.x, u.y, f.box)) }
        }
        guard let first = units.first else { return nil }
        // Across the antimeridian, use the copy of the world that keeps the points together.
        let xs = units.map(\.x)
        if xs.max()! - xs.min()! > 0.5 {
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
        return (center, lo)
    }
}
