import Foundation
import MapsnapGeo

/// A screen-space polyline measured along its length, for placing labels on lines.
struct Polyline {
    let points: [Point]
    /// `distances[i]` is the length from `points[0]` to `points[i]`.
    let distances: [Double]
    var length: Double { distances.last ?? 0 }

    init(_ points: [Point]) {
        var kept: [Point] = []
        kept.reserveCapacity(points.count)
        for p in points where kept.last.map({ ($0 - p).length > 1e-6 }) ?? true { kept.append(p) }
        self.points = kept
        var d = [0.0]
        d.reserveCapacity(kept.count)
        for i in kept.indices.dropFirst() { d.append(d[i - 1] + (kept[i] - kept[i - 1]).length) }
        distances = d
    }

    var reversed: Polyline { Polyline(points.reversed()) }

    /// The point at `distance` along the line and the direction there (radians, screen y down).
    func locate(_ distance: Double) -> (point: Point, angle: Double) {
        let s = min(max(distance, 0), length)
        var lo = 0, hi = distances.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if distances[mid] <= s { lo = mid } else { hi = mid }
        }
        let a = points[lo], b = points[hi]
        let seg = distances[hi] - distances[lo]
        let t = seg > 0 ? (s - distances[lo]) / seg : 0
        return (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x))
    }

    /// The pieces of the line inside `rect` (Liang–Barsky clipping per segment).
    func clipped(to rect: Rect) -> [Polyline] {
        var runs: [Polyline] = []
        var current: [Point] = []
        for i in points.indices.dropFirst() {
            guard let (a, b) = Self.clip(points[i - 1], points[i], rect) else {
                if current.count > 1 { runs.append(Polyline(current)) }
                current = []
                continue
            }
            if current.isEmpty || current.last! != a {
                if current.count > 1 { runs.append(Polyline(current)) }
                current = [a]
            }
            current.append(b)
            if b != points[i] {
                if current.count > 1 { runs.append(Polyline(current)) }
                current = []
            }
        }
        if current.count > 1 { runs.append(Polyline(current)) }
        return runs
    }

    private static func clip(_ p0: Point, _ p1: Point, _ r: Rect) -> (Point, Point)? {
        var t0 = 0.0, t1 = 1.0
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        for (p, q) in [(-dx, p0.x - r.minX), (dx, r.maxX - p0.x), (-dy, p0.y - r.minY), (dy, r.maxY - p0.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { if t > t1 { return nil }; t0 = max(t0, t) } else { if t < t0 { return nil }; t1 = min(t1, t) }
            }
        }
        return (Point(x: p0.x + t0 * dx, y: p0.y + t0 * dy), Point(x: p0.x + t1 * dx, y: p0.y + t1 * dy))
    }

    /// Points every `spacing` along the line, the first half a spacing from the start (MapLibre's
    /// symbol-spacing), with the line's direction there; the middle when the line is shorter.
    func spacedPoints(every spacing: Double) -> [(point: Point, angle: Double)] {
        guard length > 0 else { return [] }
        let step = max(spacing, 1)
        guard length > step else { return [locate(length / 2)] }
        return stride(from: step / 2, to: length, by: step).map { locate($0) }
    }
}
