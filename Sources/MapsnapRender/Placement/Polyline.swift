import Foundation

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
}
