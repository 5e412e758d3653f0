/// A polyline moved sideways, as MapLibre draws `line-offset` and the two sides of
/// `line-gap-width`: every vertex moves along its join's miter direction so that each segment
/// ends up exactly `distance` away from the original, to the right of the direction of travel
/// (screen space, y down) for a positive distance and to the left for a negative one.
/// A closed ring (first point equal to last) is offset all the way round.
extension Array where Element == Point {
    public func offset(by distance: Double) -> [Point] {
        guard distance != 0, count > 1 else { return self }
        let closed = count > 2 && self[0] == self[count - 1]
        // Right-hand unit normals of the segments; a zero-length segment borrows its neighbour's.
        var normals: [Point?] = []
        normals.reserveCapacity(count - 1)
        for i in 1..<count {
            let d = self[i] - self[i - 1], length = d.length
            normals.append(length > 0 ? Point(x: -d.y / length, y: d.x / length) : nil)
        }
        var fill: Point? = normals.first(where: { $0 != nil }) ?? nil
        guard fill != nil else { return self }
        for i in normals.indices {
            if let n = normals[i] { fill = n } else { normals[i] = fill }
        }
        let n = normals.map { $0! }
        var out: [Point] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let before: Point?, after: Point?
            if i == 0 {
                before = closed ? n[n.count - 1] : nil
                after = n[0]
            } else if i == count - 1 {
                before = n[n.count - 1]
                after = closed ? n[0] : nil
            } else {
                before = n[i - 1]
                after = n[i]
            }
            out.append(self[i] + Self.miter(before, after) * distance)
        }
        return out
    }

    /// The vector that moves a vertex by one unit away from both adjacent segments. Its length
    /// grows as 1/cos(half the turn); it is capped so that a hairpin does not shoot a vertex far
    /// away (MapLibre caps the extrusion the same way at sharp joins).
    private static func miter(_ before: Point?, _ after: Point?) -> Point {
        guard let before, let after else { return before ?? after! }
        let sum = before + after, length = sum.length
        guard length > 1e-9 else { return after }
        let join = sum * (1 / length)
        let cosHalf = join.x * after.x + join.y * after.y
        return join * (1 / Swift.max(cosHalf, 0.25))
    }
}
