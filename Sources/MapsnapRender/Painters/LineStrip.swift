import Foundation
import MapsnapGeo
import MapsnapStyle
import MapsnapFormats

/// A line extruded into a triangle strip the way MapLibre's line bucket does it, so that lines
/// have MapLibre's shapes: the same join choice (miter up to the miter limit, bevel, the "flip
/// bevel" of very sharp corners, round and fake-round joins, round joins that become miters under
/// the round limit), the same vertex positions (including the inner side of sharp joins, where
/// both segments share one vertex pushed along the miter), extra vertices 15 px either side of
/// sharp corners, and caps. Each vertex carries MapLibre's per-vertex data: an extrusion
/// direction (scaled by the line's outer half width when drawn), the side (`up`), whether it
/// belongs to a round cap or join, and its direction along the line (for `line-offset`).
struct LineStrip {
    struct Vertex {
        var position: Point
        /// Unit-ish extrusion: the vertex is drawn at `position + extrude * outset`.
        var extrude: Point
        var round: Bool
        var up: Bool
        /// −1…1: how far the vertex was pushed along the line (caps, bevels), for the offset.
        var direction: Double
        /// Distance along the line from its first point (points), for dashes.
        var distance: Double = 0
    }

    private(set) var vertices: [Vertex] = []
    private(set) var triangles: [(Int, Int, Int)] = []
    private var e1 = -1, e2 = -1
    private var distance = 0.0
    /// MapLibre stores the distance along a line in 15 bits and starts it again from zero past
    /// half of that range (16,384 units of its 8,192-unit tiles, two tile sides); dash patterns
    /// restart there too.
    private var distanceLimit = Double.infinity

    /// MapLibre's constants: corners sharper than 75° get extra vertices 15 px (of the tile's
    /// integer zoom) away.
    static let cosHalfSharpCorner = cos(75.0 / 2 * .pi / 180)
    static let degreesPerTriangle = 20.0

    /// `tileSide` (the data tile's side in points) places MapLibre's distance reset;
    /// `corners` says how far from a sharp corner the extra vertices go and how they snap.
    init(_ input: [Point], polygon isPolygon: Bool, join: LineJoin, cap: LineCap, miterLimit: Double, roundLimit: Double,
         tileSide: Double = .infinity, corners: SharpCorners = .init()) {
        let sharpCornerOffset = corners.offset
        distanceLimit = 2 * tileSide
        // Repeated end points are dropped; a line needs two distinct points, a ring three.
        var len = input.count
        while len >= 2 && input[len - 1] == input[len - 2] { len -= 1 }
        var first = 0
        while first < len - 1 && input[first] == input[first + 1] { first += 1 }
        guard len - first >= (isPolygon ? 3 : 2) else { return }
        let miterLimit = join == .bevel ? 1.05 : miterLimit

        func unit(_ p: Point) -> Point { let l = p.length; return l > 0 ? p * (1 / l) : p }
        func perp(_ p: Point) -> Point { Point(x: -p.y, y: p.x) }

        var currentVertex: Point?, prevVertex: Point?
        var prevNormal: Point?, nextNormal: Point?
        if isPolygon {
            currentVertex = input[len - 2]
            nextNormal = perp(unit(input[first] - input[len - 2]))
        }
        for i in first..<len {
            let nextVertex: Point? = i == len - 1 ? (isPolygon ? input[first + 1] : nil) : input[i + 1]
            if let n = nextVertex, input[i] == n { continue }
            if let n = nextNormal { prevNormal = n }
            if let c = currentVertex { prevVertex = c }
            var current = input[i]
            let next = nextVertex.map { perp(unit($0 - current)) } ?? prevNormal!
            nextNormal = next
            let previous = prevNormal ?? next
            prevNormal = previous

            var joinNormal = previous + next
            if joinNormal.x != 0 || joinNormal.y != 0 { joinNormal = unit(joinNormal) }
            let cosAngle = previous.x * next.x + previous.y * next.y
            let cosHalfAngle = joinNormal.x * next.x + joinNormal.y * next.y
            let miterLength = cosHalfAngle != 0 ? 1 / cosHalfAngle : .infinity
            let approxAngle = 2 * (max(2 - 2 * cosHalfAngle, 0)).squareRoot()
            let isSharpCorner = cosHalfAngle < Self.cosHalfSharpCorner && prevVertex != nil && nextVertex != nil
            let turnsLeft = previous.x * next.y - previous.y * next.x > 0

            if isSharpCorner && i > first, let p = prevVertex {
                let length = (current - p).length
                if length > 2 * sharpCornerOffset {
                    let moved = current - corners.snapped((current - p) * (sharpCornerOffset / length))
                    distance += (moved - p).length
                    addCurrentVertex(moved, previous, 0, 0)
                    prevVertex = moved
                }
            }

            enum Kind { case miter, bevel, flipBevel, round, fakeRound, butt, square }
            let middle = prevVertex != nil && nextVertex != nil
            var kind: Kind
            if middle {
                kind = switch join { case .miter: .miter; case .bevel: .bevel; case .round: .round }
            } else if isPolygon {
                kind = .butt
            } else {
                kind = switch cap { case .butt: .butt; case .square: .square; case .round: .round }
            }
            if middle && kind == .round {
                if miterLength < roundLimit { kind = .miter } else if miterLength <= 2 { kind = .fakeRound }
            }
            if kind == .miter && miterLength > miterLimit { kind = .bevel }
            if kind == .bevel {
                if miterLength > 2 { kind = .flipBevel }
                if miterLength < miterLimit { kind = .miter }
            }

            if let p = prevVertex { distance += (current - p).length }
            switch kind {
            case .miter:
                addCurrentVertex(current, joinNormal * miterLength, 0, 0)
            case .flipBevel:
                if miterLength > 100 {
                    joinNormal = next * -1   // almost a hairpin
                } else {
                    let bevelLength = miterLength * (previous + next).length / (previous - next).length
                    joinNormal = perp(joinNormal) * (bevelLength * (turnsLeft ? -1 : 1))
                }
                addCurrentVertex(current, joinNormal, 0, 0)
                addCurrentVertex(current, joinNormal * -1, 0, 0)
            case .bevel, .fakeRound:
                let offset = -(max(miterLength * miterLength - 1, 0)).squareRoot()
                let offsetA = turnsLeft ? offset : 0, offsetB = turnsLeft ? 0 : offset
                if prevVertex != nil { addCurrentVertex(current, previous, offsetA, offsetB) }
                if kind == .fakeRound {
                    // A fan on the outer side; t is bent so the steps look even (MapLibre's curve fit).
                    let n = Int(saturating: (approxAngle * 180 / .pi / Self.degreesPerTriangle).rounded())
                    if n > 1 {
                        for m in 1..<n {
                            var t = Double(m) / Double(n)
                            if t != 0.5 {
                                let t2 = t - 0.5
                                let a = 1.0904 + cosAngle * (-3.2452 + cosAngle * (3.55645 - cosAngle * 1.43519))
                                let b = 0.848013 + cosAngle * (-1.06021 + cosAngle * 0.215638)
                                t = t + t * t2 * (t - 1) * (a * t2 * t2 + b)
                            }
                            let extrude = unit((next - previous) * t + previous) * (turnsLeft ? -1 : 1)
                            addHalfVertex(current, extrude, round: false, up: turnsLeft, direction: 0)
                        }
                    }
                }
                if nextVertex != nil { addCurrentVertex(current, next, -offsetA, -offsetB) }
            case .butt:
                addCurrentVertex(current, joinNormal, 0, 0)
            case .square:
                let offset: Double = prevVertex != nil ? 1 : -1
                addCurrentVertex(current, joinNormal, offset, offset)
            case .round:
                if prevVertex != nil {
                    addCurrentVertex(current, previous, 0, 0)
                    addCurrentVertex(current, previous, 1, 1, round: true)
                }
                if nextVertex != nil {
                    addCurrentVertex(current, next, -1, -1, round: true)
                    addCurrentVertex(current, next, 0, 0)
                }
            }

            if isSharpCorner && i < len - 1, let n = nextVertex {
                let length = (n - current).length
                if length > 2 * sharpCornerOffset {
                    let moved = current + corners.snapped((n - current) * (sharpCornerOffset / length))
                    distance += (moved - current).length
                    addCurrentVertex(moved, next, 0, 0)
                    current = moved
                }
            }
            currentVertex = current
        }
    }

    private init() {}

    /// A pair of vertices at `p`: `normal` on one side, its opposite on the other, each pushed
    /// along the line by its `end` (in half widths; positive is forwards).
    private mutating func addCurrentVertex(_ p: Point, _ normal: Point, _ endLeft: Double, _ endRight: Double,
                                           round: Bool = false) {
        let left = Point(x: normal.x + normal.y * endLeft, y: normal.y - normal.x * endLeft)
        let right = Point(x: -normal.x + normal.y * endRight, y: -normal.y - normal.x * endRight)
        addHalfVertex(p, left, round: round, up: false, direction: endLeft)
        addHalfVertex(p, right, round: round, up: true, direction: -endRight)
        if distance > distanceLimit {
            distance = 0
            addCurrentVertex(p, normal, endLeft, endRight, round: round)
        }
    }

    /// Each new vertex makes a triangle with the last vertex of each side.
    private mutating func addHalfVertex(_ p: Point, _ extrude: Point, round: Bool, up: Bool, direction: Double) {
        let e = vertices.count
        vertices.append(Vertex(position: p, extrude: extrude, round: round, up: up, direction: direction, distance: distance))
        if e1 >= 0 && e2 >= 0 { triangles.append((e1, e2, e)) }
        if up { e2 = e } else { e1 = e }
    }
}
