import MapsnapGeo
import MapsnapStyle

/// The boxes symbols take in the collision index are axis-aligned, as MapLibre's grid is: a
/// turned or padded symbol takes the bounds of its turned, padded box.
extension Rect {
    /// The axis-aligned bounds of the box turned clockwise by `angle` radians about `pivot`
    /// (collision boxes of rotated labels).
    func rotatedBounds(about pivot: Point, by angle: Double) -> Rect {
        guard angle != 0 else { return self }
        return Rect(bounding: rotatedCorners(about: pivot, by: angle))
    }

    /// The four corners, clockwise from the top left.
    var corners: [Point] { [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)] }

    /// The four corners turned clockwise by `angle` radians about `pivot`.
    func rotatedCorners(about pivot: Point, by angle: Double) -> [Point] {
        angle == 0 ? corners : corners.map { $0.rotated(about: pivot, by: angle) }
    }

    /// The axis-aligned bounds of points (at least one).
    init(bounding points: [Point]) {
        self.init(minX: points.map(\.x).min()!, minY: points.map(\.y).min()!,
                  maxX: points.map(\.x).max()!, maxY: points.map(\.y).max()!)
    }

    /// A point label's collision box, as MapLibre builds it: the text's box grown by its padding
    /// and bounded after `text-rotate` (`CollisionFeature`), then turned with the map (a label
    /// aligned with the map) and bounded again on screen, or, lying on a pitched map, each corner
    /// projected (`CollisionIndex._projectCollisionBox`). The padding is turned with the box, so
    /// a turned label takes more room than its turned box plus padding.
    static func pointLabelCollisionBox(_ flat: Rect, padding: Double, pivot: Point, ownRotation: Double,
                                       mapTurn: Double, warp: PlaneWarp?) -> Rect {
        let own = flat.insetBy(-padding).rotatedBounds(about: pivot, by: ownRotation)
        if let warp { return warp.bounds(corners: own.rotatedCorners(about: pivot, by: mapTurn)) }
        return own.rotatedBounds(about: pivot, by: mapTurn)
    }

    /// The box grown by `icon-padding` (shrunk where it is negative).
    func padded(_ padding: Padding?) -> Rect {
        guard let p = padding else { return self }
        return Rect(minX: minX - p.left, minY: minY - p.top, maxX: maxX + p.right, maxY: maxY + p.bottom)
    }
}
