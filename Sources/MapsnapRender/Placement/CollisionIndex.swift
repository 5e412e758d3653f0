import MapsnapGeo
import MapsnapFormats
/// Boxes already taken by placed labels, in a uniform grid so that a query only looks at nearby
/// boxes. Labels are placed in priority order; a label fits when none of its boxes hits a taken one.
final class CollisionIndex {
    private let cellSize = 64.0
    private let origin: Point
    private let columns: Int
    private let rows: Int
    private var cells: [[Rect]]

    init(bounds: Rect) {
        origin = Point(x: bounds.minX, y: bounds.minY)
        columns = min(max(1, Int(saturating: (bounds.width / cellSize).rounded(.up))), 4096)
        rows = min(max(1, Int(saturating: (bounds.height / cellSize).rounded(.up))), 4096)
        cells = Array(repeating: [], count: columns * rows)
    }

    private func cellRange(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) {
        func clampCol(_ v: Double) -> Int { min(max(Int(saturating: (v - origin.x) / cellSize), 0), columns - 1) }
        func clampRow(_ v: Double) -> Int { min(max(Int(saturating: (v - origin.y) / cellSize), 0), rows - 1) }
        // Ordered, so that an inverted or NaN box (from absurd style values) cannot form a bad range.
        let (c0, c1, r0, r1) = (clampCol(r.minX), clampCol(r.maxX), clampRow(r.minY), clampRow(r.maxY))
        return (min(c0, c1)...max(c0, c1), min(r0, r1)...max(r0, r1))
    }

    func collides(_ box: Rect) -> Bool {
        let (cols, rws) = cellRange(box)
        for r in rws {
            for c in cols where cells[r * columns + c].contains(where: { $0.intersects(box) }) {
                return true
            }
        }
        return false
    }

    func collides(_ boxes: [Rect]) -> Bool { boxes.contains(where: collides) }

    func insert(_ box: Rect) {
        let (cols, rws) = cellRange(box)
        for r in rws { for c in cols { cells[r * columns + c].append(box) } }
    }

    func insert(_ boxes: [Rect]) { boxes.forEach(insert) }
}
