extension Point {
    /// The squared distance from this point to the segment `a`–`b` (to `a` when the segment is a
    /// single point). One routine for every caller (label poles, GeoJSON simplification, the
    /// nearest street), so they agree to the last bit.
    public func squaredDistance(toSegment a: Point, _ b: Point) -> Double {
        var x = a.x, y = a.y
        let dx = b.x - x, dy = b.y - y
        if dx != 0 || dy != 0 {
            let t = ((self.x - x) * dx + (self.y - y) * dy) / (dx * dx + dy * dy)
            if t > 1 {
                x = b.x; y = b.y
            } else if t > 0 {
                x += dx * t; y += dy * t
            }
        }
        return (self.x - x) * (self.x - x) + (self.y - y) * (self.y - y)
    }
}
