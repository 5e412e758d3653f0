import MapsnapGeo

extension Array where Element == Point {
    /// The line moved `distance` to its right (screen coordinates, y down; negative: to the left),
    /// as `line-offset` moves a line: each vertex goes along the bisector of its two segments'
    /// normals, as far as keeps both offset segments parallel to the originals (the miter point).
    /// Where that is more than twice the distance away (a sharp corner) the vertex splits in two,
    /// one on each segment's normal, as MapLibre bevels its offset joins. `closed`: a ring whose
    /// first point follows its last.
    func parallel(atRight distance: Double, closed: Bool) -> [Point] {
        guard count > 1, distance != 0 else { return self }
        func rightNormal(_ a: Point, _ b: Point) -> Point? {
            let d = b - a, l = d.length
            return l > 0 ? Point(x: -d.y / l, y: d.x / l) : nil
        }
        // The normal of the segment leaving each point (the last point of an open line has none).
        var normals: [Point?] = []
        normals.reserveCapacity(count)
        for i in indices {
            let next = i + 1 < count ? self[i + 1] : (closed ? self[0] : nil)
            normals.append(next.flatMap { rightNormal(self[i], $0) })
        }
        func previousNormal(_ i: Int) -> Point? {
            var j = i - 1
            while j >= (closed ? i - count : 0) {
                if let n = normals[(j + count) % count] { return n }
                j -= 1
            }
            return nil
        }
        func nextNormal(_ i: Int) -> Point? {
            var j = i
            while j < (closed ? i + count : count) {
                if let n = normals[j % count] { return n }
                j += 1
            }
            return nil
        }
        var out: [Point] = []
        out.reserveCapacity(count + 8)
        for i in indices {
            let p = self[i]
            switch (previousNormal(i), nextNormal(i)) {
            case (nil, nil): out.append(p)
            case (let n?, nil), (nil, let n?): out.append(p + n * distance)
            case (let a?, let b?):
                let bisector = a + b, l = bisector.length
                let cosine = l / 2   // cos of half the turn: the miter is 1 / cosine normals long
                if cosine > 0.5 {
                    out.append(p + bisector * (distance / (l * cosine)))
                } else {
                    out.append(p + a * distance)
                    out.append(p + b * distance)
                }
            }
        }
        return out
    }
}
