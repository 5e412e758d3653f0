import MapsnapGeo

/// `["within", geojson]`: whether the feature lies wholly inside the GeoJSON polygons (a Polygon,
/// MultiPolygon, Feature or FeatureCollection of them), MapLibre's rule: every point of a point
/// feature strictly inside one polygon (a point on an edge is outside); every line of a line
/// feature inside one polygon with none of its segments crossing the polygon's edges; a polygon
/// feature, or a feature whose place is unknown, is not within. Compared in the units MapLibre
/// compares them: the feature's tile coordinates at 8192 per tile, the polygons rounded to them.
struct Within: Expression, ExpressionOperator {
    static let names = ["within"]

    /// Polygons as rings in the unit square of the world (Web Mercator, projected once here);
    /// the first ring of each is its outline.
    let polygons: [[[Point]]]
    /// Their bounds in the unit square: a feature wholly outside is not within, without a test.
    let bounds: (min: Point, max: Point)
    var type: ValueType { .boolean }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    init(polygons: [[[LatLon]]]) {
        self.polygons = polygons.map { $0.map { $0.map(WebMercator.projectUnit) } }
        let all = self.polygons.joined().joined()
        bounds = (Point(x: all.map(\.x).min() ?? 0, y: all.map(\.y).min() ?? 0),
                  Point(x: all.map(\.x).max() ?? 0, y: all.map(\.y).max() ?? 0))
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard context.hasFeature, let geometry = context.subject.worldGeometry() else { return .bool(false) }
        let w = geometry.worldExtent
        let outside = geometry.parts.joined().contains {
            $0.x < bounds.min.x * w - 1 || $0.x > bounds.max.x * w + 1 || $0.y < bounds.min.y * w - 1 || $0.y > bounds.max.y * w + 1
        }
        guard !outside else { return .bool(false) }
        let rings = polygons.map { $0.map { $0.map(geometry.units(ofUnit:)) } }
        switch geometry.type {
        case .point:
            let points = geometry.parts.joined()
            return .bool(!points.isEmpty && points.allSatisfy { p in rings.contains { Self.contains($0, p) } })
        case .lineString:
            return .bool(!geometry.parts.isEmpty && geometry.parts.allSatisfy { line in rings.contains { Self.contains($0, line: line) } })
        case .polygon, .unknown:
            return .bool(false)
        }
    }

    /// Ray casting over every ring of the polygon (holes included); a point on an edge is outside.
    static func contains(_ polygon: [[Point]], _ p: Point) -> Bool {
        var inside = false
        for ring in polygon where ring.count > 1 {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if onSegment(p, a, b) { return false }
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
        }
        return inside
    }

    /// Every vertex inside, and no segment crossing one of the polygon's edges.
    static func contains(_ polygon: [[Point]], line: [Point]) -> Bool {
        guard line.allSatisfy({ contains(polygon, $0) }) else { return false }
        for k in line.indices.dropLast() {
            let a = line[k], b = line[k + 1]
            for ring in polygon where ring.count > 1 {
                for i in ring.indices.dropLast() where crosses(a, b, ring[i], ring[i + 1]) { return false }
            }
        }
        return true
    }

    private static func cross(_ u: Point, _ v: Point) -> Double { u.x * v.y - u.y * v.x }

    private static func onSegment(_ p: Point, _ a: Point, _ b: Point) -> Bool {
        let ap = Point(x: p.x - a.x, y: p.y - a.y), bp = Point(x: p.x - b.x, y: p.y - b.y)
        return cross(ap, bp) == 0 && ap.x * bp.x + ap.y * bp.y <= 0
    }

    /// Whether segments a–b and c–d cross: not parallel, and each pair of ends strictly on
    /// either side of the other segment.
    private static func crosses(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let p = Point(x: b.x - a.x, y: b.y - a.y), q = Point(x: d.x - c.x, y: d.y - c.y)
        guard cross(q, p) != 0 else { return false }
        return straddles(a, b, c, d) && straddles(c, d, a, b)
    }

    /// Whether p1 and p2 lie strictly on opposite sides of the line q1–q2.
    private static func straddles(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        let q = Point(x: q2.x - q1.x, y: q2.y - q1.y)
        let d1 = cross(Point(x: p1.x - q1.x, y: p1.y - q1.y), q), d2 = cross(Point(x: p2.x - q1.x, y: p2.y - q1.y), q)
        return (d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1) else { return nil }
        let message = "'within' expression requires valid geojson object that contains polygon geometry type."
        guard case .object(let geojson) = items[1], let polygons = Self.polygons(geojson), !polygons.isEmpty else {
            return context.error(message, at: 1)
        }
        return Within(polygons: polygons)
    }

    /// The polygons of a GeoJSON Polygon, MultiPolygon, Feature or FeatureCollection; nil when
    /// it holds something else or a malformed coordinate.
    static func polygons(_ geojson: [String: StyleValue]) -> [[[LatLon]]]? {
        switch geojson["type"] {
        case .string("Polygon"): return polygon(geojson["coordinates"]).map { [$0] }
        case .string("MultiPolygon"):
            guard case .array(let list) = geojson["coordinates"] else { return nil }
            let all = list.map(polygon)
            return all.contains { $0 == nil } ? nil : all.compactMap { $0 }
        case .string("Feature"):
            guard case .object(let geometry) = geojson["geometry"] else { return nil }
            return polygons(geometry)
        case .string("FeatureCollection"):
            guard case .array(let features) = geojson["features"] else { return nil }
            var out: [[[LatLon]]] = []
            for case .object(let feature) in features {
                guard let some = polygons(feature) else { return nil }
                out += some
            }
            return out
        default: return nil
        }
    }

    /// Longitudes a polygon may reach (a few turns of the world, for polygons drawn across the
    /// antimeridian); beyond, the world units would overflow (NaN fails the check too).
    static let longitudeLimit = 1_080.0

    private static func polygon(_ value: StyleValue?) -> [[LatLon]]? {
        guard case .array(let rings) = value else { return nil }
        var out: [[LatLon]] = []
        for case .array(let ring) in rings {
            var points: [LatLon] = []
            for case .array(let pair) in ring {
                guard pair.count >= 2, let lon = pair[0].numberValue, let lat = pair[1].numberValue,
                      abs(lon) <= Self.longitudeLimit, abs(lat) <= 90 else { return nil }
                points.append(LatLon(lat, lon))
            }
            guard points.count == ring.count else { return nil }
            out.append(points)
        }
        return out.count == rings.count ? out : nil
    }
}
