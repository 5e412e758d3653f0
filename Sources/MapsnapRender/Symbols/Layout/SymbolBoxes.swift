import MapsnapGeo
import MapsnapStyle

/// The boxes symbols take in the collision index are axis-aligned, as MapLibre's grid is: a
/// turned or padded symbol takes the bounds of its turned, padded box.
extension Rect {
    /// The axis-aligned bounds of the box turned clockwise by `angle` radians about `pivot`
    /// (collision boxes of rotated labels).
    func rotatedBounds(about pivot: Point, by angle: Double) -> Rect {
        guard angle != 0 else { return self }
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY),
                       Point(x: maxX, y: maxY), Point(x: minX, y: maxY)].map { $0.rotated(about: pivot, by: angle) }
        return Rect(minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!,
                    maxX: corners.map(\.x).max()!, maxY: corners.map(\.y).max()!)
    }

    /// The box grown by `icon-padding` (shrunk where it is negative).
    func padded(_ padding: Padding?) -> Rect {
        guard let p = padding else { return self }
        return Rect(minX: minX - p.left, minY: minY - p.top, maxX: maxX + p.right, maxY: maxY + p.bottom)
    }
}
