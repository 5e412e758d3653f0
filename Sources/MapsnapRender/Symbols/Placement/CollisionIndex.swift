import MapsnapGeo
import MapsnapFormats
import MapsnapStyle
/// Boxes and circles already taken by placed labels, in a uniform grid so that a query only looks
/// at nearby ones. Labels are placed in priority order; a label fits when none of its shapes hits
/// a taken one (with `cooperative` overlap: none taken by a symbol that allows no overlap). Line
/// labels take circles along their line (`CollisionCircles`), everything else boxes, tested
/// against each other as MapLibre's `GridIndex` tests them.
///
/// Boxes belong to a collision group: group 0 (overlays, decorations, and every label unless the
/// map turns cross-source collisions off) collides with all; other groups only with themselves
/// and group 0 (MapLibre's `crossSourceCollisions: false` gives each source its own group).
final class CollisionIndex {
    private let cellSize = 64.0
    private let origin: Point
    private let columns: Int
    private let rows: Int
    private var cells: [[Entry]]

    /// A taken shape: a box, or a circle (`circle` set, `box` its bounding box).
    private struct Entry {
        let box: Rect
        let circle: CollisionCircle?
        let yields: Bool
        let group: Int

        func hits(_ other: Rect) -> Bool {
            guard let circle else { return CollisionIndex.touches(box, other) }
            return circle.hits(other)
        }

        func hits(_ other: CollisionCircle) -> Bool {
            guard let circle else { return other.hits(box) }
            return circle.hits(other)
        }
    }

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

    /// Whether `box` may not be placed with `mode`: `always` never collides; `cooperative`
    /// collides only with boxes of symbols placed with `never` (and of overlays and decorations).
    func collides(_ box: Rect, _ mode: OverlapMode = .never, group: Int = 0) -> Bool {
        collides(within: box, mode, group: group) { $0.hits(box) }
    }

    /// Whether `circle` may not be placed with `mode` (as for boxes).
    func collides(_ circle: CollisionCircle, _ mode: OverlapMode = .never, group: Int = 0) -> Bool {
        collides(within: circle.bounds, mode, group: group) { $0.hits(circle) }
    }

    private func collides(within bounds: Rect, _ mode: OverlapMode, group: Int, _ hits: (Entry) -> Bool) -> Bool {
        if mode == .always { return false }
        let (cols, rws) = cellRange(bounds)
        for r in rws {
            for c in cols where cells[r * columns + c].contains(where: {
                !(mode == .cooperative && $0.yields) && ($0.group == 0 || group == 0 || $0.group == group) && hits($0)
            }) {
                return true
            }
        }
        return false
    }

    /// As MapLibre's grid: boxes that only touch collide too.
    @inline(__always) static func touches(_ a: Rect, _ b: Rect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    func collides(_ boxes: [Rect], _ mode: OverlapMode = .never, group: Int = 0) -> Bool {
        boxes.contains { collides($0, mode, group: group) }
    }

    /// Takes `box` for a symbol placed with `mode` (overlays and decorations: `never`).
    func insert(_ box: Rect, _ mode: OverlapMode = .never, group: Int = 0) {
        insert(Entry(box: box, circle: nil, yields: mode != .never, group: group))
    }

    /// Takes `circle` for a line label placed with `mode`.
    func insert(_ circle: CollisionCircle, _ mode: OverlapMode, group: Int) {
        insert(Entry(box: circle.bounds, circle: circle, yields: mode != .never, group: group))
    }

    private func insert(_ entry: Entry) {
        let (cols, rws) = cellRange(entry.box)
        for r in rws { for c in cols { cells[r * columns + c].append(entry) } }
    }

    func insert(_ boxes: [Rect], _ mode: OverlapMode = .never, group: Int = 0) { boxes.forEach { insert($0, mode, group: group) } }
}
