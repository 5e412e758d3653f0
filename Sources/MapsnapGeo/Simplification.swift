/// Douglas–Peucker simplification of a polyline in a planar space (screen points): drops the
/// points that deviate less than `tolerance` from the simplified line, so a 100,000-point track
/// keeps only what shows at the render resolution. First and last points are always kept.
extension Array where Element == Point {
    public func simplified(tolerance: Double) -> [Point] {
        guard count > 2, tolerance > 0 else { return self }
        // A cheap radial pass first: consecutive points closer than the tolerance collapse.
        var radial: [Point] = [self[0]]
        radial.reserveCapacity(count)
        let t2 = tolerance * tolerance
        for p in self.dropFirst().dropLast() {
            let last = radial[radial.count - 1]
            let dx = p.x - last.x, dy = p.y - last.y
            if dx * dx + dy * dy > t2 { radial.append(p) }
        }
        radial.append(self[count - 1])
        guard radial.count > 2 else { return radial }
        var keep = [Bool](repeating: false, count: radial.count)
        keep[0] = true
        keep[radial.count - 1] = true
        var stack: [(Int, Int)] = [(0, radial.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = radial[first], b = radial[last]
            let dx = b.x - a.x, dy = b.y - a.y
            let len2 = dx * dx + dy * dy
            var worst = -1.0, index = first
            for i in (first + 1)..<last {
                let p = radial[i]
                let d2: Double
                if len2 == 0 {
                    d2 = (p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)
                } else {
                    let cross = (p.x - a.x) * dy - (p.y - a.y) * dx
                    d2 = cross * cross / len2
                }
                if d2 > worst { worst = d2; index = i }
            }
            if worst > t2 {
                keep[index] = true
                stack.append((first, index))
                stack.append((index, last))
            }
        }
        var out: [Point] = []
        out.reserveCapacity(radial.count)
        for i in radial.indices where keep[i] { out.append(radial[i]) }
        return out
    }
}
