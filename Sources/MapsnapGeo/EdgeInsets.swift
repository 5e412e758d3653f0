/// Insets from the image's edges, in points (MapLibre's `padding`, MapKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// The middle of what the insets leave of a `width` × `height` image, kept inside it
    /// (MapLibre's `EdgeInsets.getCenter`).
    public func center(width: Double, height: Double) -> Point {
        func clamped(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, 0), limit) : limit / 2 }
        return Point(x: clamped((left + width - right) / 2, width), y: clamped((top + height - bottom) / 2, height))
    }
}
