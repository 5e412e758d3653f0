import Foundation
import MapsnapGeo

/// One circle a line label takes in the collision index (screen points).
struct CollisionCircle {
    let center: Point
    let radius: Double

    var bounds: Rect {
        Rect(minX: center.x - radius, minY: center.y - radius, maxX: center.x + radius, maxY: center.y + radius)
    }

    /// MapLibre's `_circleAndRectCollide`: touching counts.
    func hits(_ box: Rect) -> Bool {
        let halfWidth = (box.maxX - box.minX) / 2, halfHeight = (box.maxY - box.minY) / 2
        let dx = abs(center.x - (box.minX + halfWidth)), dy = abs(center.y - (box.minY + halfHeight))
        guard dx <= halfWidth + radius, dy <= halfHeight + radius else { return false }
        if dx <= halfWidth || dy <= halfHeight { return true }
        let cx = dx - halfWidth, cy = dy - halfHeight
        return cx * cx + cy * cy <= radius * radius
    }

    /// MapLibre's `_circlesCollide`: touching does not count.
    func hits(_ other: CollisionCircle) -> Bool {
        let dx = other.center.x - center.x, dy = other.center.y - center.y, both = radius + other.radius
        return both * both > dx * dx + dy * dy
    }
}

/// The circles a label along a line collides with, as MapLibre's
/// `CollisionIndex.placeCollisionCircles` lays them: along the line from its first glyph's centre
/// to its last one's, clipped to the collision area, spaced at most 2.5 radii apart with a quarter
/// radius kept free at each end of every piece. The radius is half the text block's height (at
/// least 10/24 of the font size) at the anchor's perspective, plus `text-padding`.
enum CollisionCircles {
    /// The circles along `path` (screen points). With `clipTo`, only the pieces inside it
    /// (MapLibre's screen plus its viewport padding); without, along the whole path.
    static func along(_ path: [Point], radius: Double, clipTo area: Rect?) -> [CollisionCircle] {
        guard radius.isFinite, radius > 0, let first = path.first else { return [] }
        guard path.count > 1 else { return [CollisionCircle(center: first, radius: radius)] }
        let line = Polyline(path)
        guard line.points.count > 1 else { return [CollisionCircle(center: first, radius: radius)] }
        let pieces = area.map { area in line.points.allSatisfy { area.contains($0) } ? [line] : line.clipped(to: area) } ?? [line]
        return pieces.flatMap { piece -> [CollisionCircle] in
            let length = piece.length
            let padding = min(radius * 0.25, length / 2)
            let paddedLength = length - 2 * padding
            // A short piece holds one circle; a longer one as many as keep them 2.5 radii apart.
            let count = length <= radius / 2 ? 1 : min(Int(saturating: (paddedLength / (radius * 2.5)).rounded(.up)) + 1, 10_000)
            return (0..<count).map { i in
                let t = Double(i) / Double(max(count - 1, 1))
                return CollisionCircle(center: piece.locate(padding + t * paddedLength).point, radius: radius)
            }
        }
    }

    /// The diameter MapLibre gives a line label's circles before perspective and padding: the
    /// text block's height, at least 10/24 of the font size (`CollisionFeature`).
    static func diameter(of text: ShapedText) -> Double {
        max(text.height, text.fontSize * 10 / 24)
    }
}
