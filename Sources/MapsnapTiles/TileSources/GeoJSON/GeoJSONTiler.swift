import Foundation
import MapsnapGeo

/// Cuts projected GeoJSON features into one vector tile on demand, as MapLibre's geojson-vt does,
/// so that GeoJSON draws like the same data in a vector tile would:
/// - each feature (and its copies one world east and west, so that data near ±180° shows across
///   the antimeridian) is clipped to the tile grown by `buffer`: lines are split where they leave
///   it, polygon rings are clipped edge by edge (Sutherland–Hodgman, one axis at a time);
/// - below `maxZoom`, vertices whose Douglas–Peucker deviation is under the tolerance are dropped,
///   and whole lines (rings) shorter (smaller) than it;
/// - with `lineMetrics`, each piece of a line is a feature of its own that carries where it lies
///   along the whole line (`mapbox_clip_start`, `mapbox_clip_end`, fractions of its length), as
///   geojson-vt writes them for `line-gradient`;
/// - outer rings are wound clockwise on screen and holes the other way (the MVT rule, which the
///   fill painter's non-zero winding relies on);
/// - coordinates are rounded to `extent` units per tile side.
struct GeoJSONTiler {
    let features: [UnitFeature]
    /// Tile units per tile side.
    let extent: Int
    /// The margin around each tile, in points of a 512-point tile.
    let buffer: Double
    /// The simplification tolerance in points of a 512-point tile; none at `maxZoom`.
    let tolerance: Double
    let maxZoom: Int
    var lineMetrics = false
    static let clipStart = "mapbox_clip_start", clipEnd = "mapbox_clip_end"

    /// The features of tile `id`, clipped, simplified and in tile units.
    func tile(_ id: TileID) -> [VectorTileWriter.Feature] {
        let z2 = Double(1 << id.z)
        let margin = buffer / WebMercator.tileSize / z2
        let minX = Double(id.x) / z2 - margin, maxX = Double(id.x + 1) / z2 + margin
        let minY = Double(id.y) / z2 - margin, maxY = Double(id.y + 1) / z2 + margin
        let tol = id.z >= maxZoom ? 0 : tolerance / WebMercator.tileSize / z2
        let quantize = { (v: UnitVertex) -> TilePoint in
            // JavaScript's Math.round (halves round up), as geojson-vt rounds.
            let x = (Double(self.extent) * (v.x * z2 - Double(id.x)) + 0.5).rounded(.down)
            let y = (Double(self.extent) * (v.y * z2 - Double(id.y)) + 0.5).rounded(.down)
            return TilePoint(x: Int32(clamping: Int64(max(min(x, 2e9), -2e9))), y: Int32(clamping: Int64(max(min(y, 2e9), -2e9))))
        }
        var out: [VectorTileWriter.Feature] = []
        for feature in features {
            // Rejected unless the (shifted) box overlaps the tile's, as geojson-vt tests: [min, max).
            guard feature.maxY >= minY, feature.minY < maxY else { continue }
            for shift in [0.0, -1, 1] where feature.maxX + shift >= minX && feature.minX + shift < maxX {
                var parts: [[TilePoint]] = []
                switch feature.geometry {
                case .points(let points):
                    for p in points {
                        let x = p.x + shift
                        if x >= minX, x <= maxX, p.y >= minY, p.y <= maxY {
                            parts.append([quantize(UnitVertex(x: x, y: p.y, importance: 0))])
                        }
                    }
                case .lines(let lines):
                    for line in lines {
                        var shifted = Self.shifted(line.vertices, by: shift)
                        if lineMetrics { Self.measure(&shifted) }
                        for piece in Self.clip(shifted, minX: minX, maxX: maxX, minY: minY, maxY: maxY, polygon: false) {
                            guard tol == 0 || line.size >= tol else { continue }
                            let points = Self.simplified(piece, sqTolerance: tol * tol).map(quantize)
                            if lineMetrics, line.size > 0, let first = piece.first, let last = piece.last {
                                out.append(VectorTileWriter.Feature(id: feature.id, type: .lineString, parts: [points],
                                    properties: feature.properties + [(Self.clipStart, .number(first.distance / line.size)),
                                                                      (Self.clipEnd, .number(last.distance / line.size))]))
                            } else {
                                parts.append(points)
                            }
                        }
                    }
                case .polygons(let polygons):
                    for polygon in polygons {
                        var outer = true
                        for ring in polygon {
                            let shifted = Self.shifted(ring.vertices, by: shift)
                            guard let clipped = Self.clip(shifted, minX: minX, maxX: maxX, minY: minY, maxY: maxY, polygon: true).first else { continue }
                            defer { outer = false }
                            guard tol == 0 || ring.size >= tol * tol else { continue }
                            var points = Self.simplified(clipped, sqTolerance: tol * tol).map(quantize)
                            if (doubledSignedArea(points) < 0) == outer { points.reverse() }
                            parts.append(points)
                        }
                    }
                }
                if !parts.isEmpty {
                    out.append(VectorTileWriter.Feature(id: feature.id, type: feature.geometryType, parts: parts,
                                                        properties: feature.properties))
                }
            }
        }
        return out
    }

    /// Sets each vertex's distance along the line (unit), as geojson-vt measures it.
    private static func measure(_ line: inout [UnitVertex]) {
        var total = 0.0
        for i in line.indices {
            if i > 0 { total += ((line[i].x - line[i - 1].x) * (line[i].x - line[i - 1].x) + (line[i].y - line[i - 1].y) * (line[i].y - line[i - 1].y)).squareRoot() }
            line[i].distance = total
        }
    }

    private static func shifted(_ vertices: [UnitVertex], by shift: Double) -> [UnitVertex] {
        shift == 0 ? vertices : vertices.map { UnitVertex(x: $0.x + shift, y: $0.y, importance: $0.importance, distance: $0.distance) }
    }

    /// The vertices that matter at this tolerance (all of them at 0).
    private static func simplified(_ vertices: [UnitVertex], sqTolerance: Double) -> [UnitVertex] {
        sqTolerance == 0 ? vertices : vertices.filter { $0.importance > sqTolerance }
    }

    /// Clips a line (into pieces) or a ring (into one ring) to the box, x first, then y.
    static func clip(_ path: [UnitVertex], minX: Double, maxX: Double, minY: Double, maxY: Double, polygon: Bool) -> [[UnitVertex]] {
        let alongX = clip(path, low: minX, high: maxX, axis: \.x, polygon: polygon)
        return alongX.flatMap { clip($0, low: minY, high: maxY, axis: \.y, polygon: polygon) }
    }

    /// Keeps the parts of `path` with `low <= axis <= high`. A line is cut into the pieces inside;
    /// a ring stays one ring, running along the band's edges where it went outside (closed again
    /// when clipping moved its ends apart). Points added on an edge are always kept (importance 1).
    static func clip(_ path: [UnitVertex], low: Double, high: Double, axis: WritableKeyPath<UnitVertex, Double>, polygon: Bool) -> [[UnitVertex]] {
        guard let first = path.first else { return [] }
        var lowest = first[keyPath: axis], highest = lowest
        for v in path {
            lowest = min(lowest, v[keyPath: axis])
            highest = max(highest, v[keyPath: axis])
        }
        if lowest >= low && highest <= high { return [path] }
        if highest < low || lowest > high { return [] }

        let other: WritableKeyPath<UnitVertex, Double> = axis == \UnitVertex.x ? \.y : \.x
        func crossing(_ a: UnitVertex, _ b: UnitVertex, at edge: Double) -> UnitVertex {
            let t = (edge - a[keyPath: axis]) / (b[keyPath: axis] - a[keyPath: axis])
            var v = UnitVertex(x: 0, y: 0, importance: 1, distance: a.distance + (b.distance - a.distance) * t)
            v[keyPath: axis] = edge
            v[keyPath: other] = a[keyPath: other] + (b[keyPath: other] - a[keyPath: other]) * t
            return v
        }
        var pieces: [[UnitVertex]] = []
        var piece: [UnitVertex] = []
        for i in 0..<(path.count - 1) {
            let a = path[i], b = path[i + 1]
            let pa = a[keyPath: axis], pb = b[keyPath: axis]
            var left = false
            if pa < low {
                if pb > low { piece.append(crossing(a, b, at: low)) }       // enters over the low edge
            } else if pa > high {
                if pb < high { piece.append(crossing(a, b, at: high)) }     // enters over the high edge
            } else {
                piece.append(a)
            }
            if pb < low && pa >= low {                                      // leaves over the low edge
                piece.append(crossing(a, b, at: low))
                left = true
            }
            if pb > high && pa <= high {                                    // leaves over the high edge
                piece.append(crossing(a, b, at: high))
                left = true
            }
            if left && !polygon {
                pieces.append(piece)
                piece = []
            }
        }
        let last = path[path.count - 1]
        if last[keyPath: axis] >= low && last[keyPath: axis] <= high { piece.append(last) }
        if polygon, piece.count >= 2, let start = piece.first, let end = piece.last, start.x != end.x || start.y != end.y {
            piece.append(start)
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
}
