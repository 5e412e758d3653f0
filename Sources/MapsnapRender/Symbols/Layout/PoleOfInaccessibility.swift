import MapsnapGeo
import MapsnapTiles

/// The point inside a polygon farthest from its edges (where MapLibre puts a polygon's point
/// label): a quadtree search over the polygon's box that keeps splitting the cells that could
/// still hold a farther point than the best found, until none could by more than `precision`.
enum PoleOfInaccessibility {
    private struct Cell {
        let center: Point
        let half: Double
        /// Signed distance from the centre to the edges (positive inside).
        let distance: Double
        /// The farthest any point of the cell can be from the edges.
        var potential: Double { distance + half * 2.0.squareRoot() }
    }

    /// `rings`: the exterior ring first, then its holes; tile units. nil for a degenerate polygon.
    static func find(_ rings: [[TilePoint]], precision: Double) -> Point? {
        guard let outer = rings.first, outer.count >= 3 else { return nil }
        let polygon = rings.map { $0.map { Point(x: Double($0.x), y: Double($0.y)) } }
        let xs = polygon[0].map(\.x), ys = polygon[0].map(\.y)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let size = min(maxX - minX, maxY - minY)
        guard size > 0 else { return polygon[0][0] }
        func cell(_ c: Point, _ h: Double) -> Cell { Cell(center: c, half: h, distance: signedDistance(c, polygon)) }

        // Column by column, as MapLibre seeds its queue (the order decides between equal cells).
        var queue = Queue()
        var x = minX
        while x < maxX {
            var y = minY
            while y < maxY {
                queue.push(cell(Point(x: x + size / 2, y: y + size / 2), size / 2))
                y += size
            }
            x += size
        }
        var best = cell(centroid(polygon[0]) ?? Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2), 0)
        let middle = cell(Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2), 0)
        if middle.distance > best.distance { best = middle }
        // A bound on the work for pathological rings (a cell is split into four each time).
        var budget = 20_000
        while budget > 0, let next = queue.pop() {
            budget -= 1
            if next.distance > best.distance || best.distance == 0 { best = next }
            guard next.potential - best.distance > precision else { continue }
            let h = next.half / 2
            for (dx, dy) in [(-h, -h), (h, -h), (-h, h), (h, h)] {
                queue.push(cell(Point(x: next.center.x + dx, y: next.center.y + dy), h))
            }
        }
        return best.center
    }

    /// The cell with the greatest potential first: a binary max-heap on `potential`.
    private struct Queue {
        private var cells: [Cell] = []
        mutating func push(_ c: Cell) {
            cells.append(c)
            var i = cells.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard cells[parent].potential < cells[i].potential else { break }
                cells.swapAt(parent, i)
                i = parent
            }
        }
        mutating func pop() -> Cell? {
            guard !cells.isEmpty else { return nil }
            cells.swapAt(0, cells.count - 1)
            let top = cells.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < cells.count, cells[l].potential > cells[m].potential { m = l }
                if r < cells.count, cells[r].potential > cells[m].potential { m = r }
                if m == i { break }
                cells.swapAt(i, m)
                i = m
            }
            return top
        }
    }

    /// Distance to the nearest edge of any ring, negative outside (even-odd rule over all rings).
    private static func signedDistance(_ p: Point, _ polygon: [[Point]]) -> Double {
        var inside = false
        var nearest = Double.infinity
        for ring in polygon where ring.count > 1 {
            var a = ring[ring.count - 1]
            for b in ring {
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                nearest = min(nearest, p.squaredDistance(toSegment: a, b))
                a = b
            }
        }
        return (inside ? 1 : -1) * nearest.squareRoot()
    }

    private static func centroid(_ ring: [Point]) -> Point? {
        var cx = 0.0, cy = 0.0, area = 0.0
        var a = ring[ring.count - 1]
        for b in ring {
            let cross = a.x * b.y - b.x * a.y
            area += cross; cx += (a.x + b.x) * cross; cy += (a.y + b.y) * cross
            a = b
        }
        guard abs(area) > 1e-9 else { return nil }
        return Point(x: cx / (3 * area), y: cy / (3 * area))
    }
}
