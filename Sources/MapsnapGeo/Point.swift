import Foundation

/// A point in a planar pixel space (world pixels, screen pixels). Units are given by whoever holds it.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The point turned clockwise (on screen, y down) by `angle` radians about `pivot`.
    public func rotated(about pivot: Point, by angle: Double) -> Point {
        guard angle != 0 else { return self }
        let c = cos(angle), s = sin(angle), d = self - pivot
        return Point(x: pivot.x + d.x * c - d.y * s, y: pivot.y + d.x * s + d.y * c)
    }
}

/// An axis-aligned rectangle in a pixel space.
public struct Rect: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public func intersects(_ o: Rect) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    /// True when `r` lies wholly inside (edges may touch).
    public func contains(_ r: Rect) -> Bool { r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY }
    public func insetBy(_ d: Double) -> Rect { Rect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d) }
    /// The same rectangle moved by `d`.
    public func offsetBy(_ d: Point) -> Rect { Rect(minX: minX + d.x, minY: minY + d.y, maxX: maxX + d.x, maxY: maxY + d.y) }
    public func union(_ o: Rect) -> Rect {
        Rect(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
             maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }
}
