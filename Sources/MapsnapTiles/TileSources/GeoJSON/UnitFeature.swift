import Foundation
import MapsnapFormats
import MapsnapGeo

/// A vertex in the Web Mercator unit square (x east, y south, 0...1 across the world), with its
/// Douglas–Peucker importance: the squared distance (unit²) it adds to its simplified line, 1 for
/// vertices that are always kept (ends, clip intersections), 0 for ones no zoom keeps.
struct UnitVertex: Equatable {
    var x: Double
    var y: Double
    var importance: Double
    /// With `lineMetrics`: the distance (unit) along the whole line from its first vertex.
    var distance: Double = 0
}

/// A line or a ring in unit coordinates, with the size the tiler uses to drop geometry too small
/// to see at a zoom: the length of a line, the absolute area of a ring (unit²), both of the whole
/// geometry before any clipping.
struct UnitPath: Equatable {
    var vertices: [UnitVertex]
    var size: Double
}

/// A GeoJSON feature projected once to the unit square: the tiler cuts it into any tile.
struct UnitFeature {
    enum Geometry: Equatable {
        /// Point and MultiPoint.
        case points([UnitVertex])
        /// LineString and MultiLineString: one path per line.
        case lines([UnitPath])
        /// Polygon and MultiPolygon: one array of rings (outer first) per polygon.
        case polygons([[UnitPath]])
    }

    var geometry: Geometry
    /// MVT ids are unsigned integers: MapLibre keeps a GeoJSON id only when it reads as one.
    var id: UInt64?
    var properties: [(key: String, value: FeatureValue)]
    /// The bounding box in unit coordinates.
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    var geometryType: GeometryType {
        switch geometry {
        case .points: .point
        case .lines: .lineString
        case .polygons: .polygon
        }
    }

    /// The features of a document read by `GeoJSONReader`, projected as geojson-vt's `convert`
    /// does: latitudes are clamped to the Web Mercator square, a GeometryCollection becomes one
    /// feature per member with the same id and properties, and features without a geometry are
    /// left out. `generateId` numbers the features by their place in the document (as
    /// geojson-vt does), replacing their ids. Vertices get their Douglas–Peucker importance
    /// against `sqTolerance` (unit²), the tolerance at the source's maxzoom.
    static func features(of document: GeoJSONDocument, sqTolerance: Double, generateId: Bool) -> [UnitFeature] {
        var out: [UnitFeature] = []
        out.reserveCapacity(document.features.count)
        for (index, feature) in document.features.enumerated() {
            guard let geometry = feature.geometry else { continue }
            let id = generateId ? UInt64(index) : Self.id(feature.id)
            var properties: [(key: String, value: FeatureValue)] = []
            if case .object(let members) = feature.properties {
                for key in members.keys.sorted() {
                    // Strings, numbers and booleans as MVT holds them, arrays and objects as JSON
                    // (MapLibre's expressions read them); null reads as absent.
                    switch members[key]! {
                    case .string(let s): properties.append((key, .string(s)))
                    case .number(let n): properties.append((key, .number(n)))
                    case .bool(let b): properties.append((key, .bool(b)))
                    case .array, .object: properties.append((key, .json(members[key]!)))
                    case .null: continue
                    }
                }
            }
            append(geometry, id: id, properties: properties, sqTolerance: sqTolerance, to: &out)
        }
        return out
    }

    /// MapLibre keeps a GeoJSON id only when it reads as an integer (`parseInt`), because vector
    /// tile ids are unsigned integers.
    static func id(_ value: JSONValue?) -> UInt64? {
        let number: Double?
        switch value {
        case .number(let n)?: number = n
        case .string(let s)?: number = Double(s.trimmingCharacters(in: .whitespaces))
        default: number = nil
        }
        guard let n = number?.rounded(.towardZero), n.isFinite, n >= 0, n < 1.8e19 else { return nil }
        return UInt64(n)
    }

    private static func append(_ geometry: GeoJSONGeometry, id: UInt64?, properties: [(key: String, value: FeatureValue)],
                               sqTolerance: Double, to out: inout [UnitFeature]) {
        func path(_ line: [LatLon], polygon: Bool) -> UnitPath? { Self.path(line, polygon: polygon, sqTolerance: sqTolerance) }
        let converted: Geometry
        switch geometry {
        case .point(let p): converted = .points([vertex(p)])
        case .multiPoint(let points): converted = .points(points.map(vertex))
        case .lineString(let line): converted = .lines([path(line, polygon: false)].compactMap { $0 })
        case .multiLineString(let lines): converted = .lines(lines.compactMap { path($0, polygon: false) })
        case .polygon(let rings): converted = .polygons([rings.compactMap { path($0, polygon: true) }])
        case .multiPolygon(let polygons): converted = .polygons(polygons.map { $0.compactMap { path($0, polygon: true) } })
        case .geometryCollection(let members):
            for member in members { append(member, id: id, properties: properties, sqTolerance: sqTolerance, to: &out) }
            return
        }
        var feature = UnitFeature(geometry: converted, id: id, properties: properties,
                                  minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        func grow(_ v: UnitVertex) {
            feature.minX = min(feature.minX, v.x); feature.maxX = max(feature.maxX, v.x)
            feature.minY = min(feature.minY, v.y); feature.maxY = max(feature.maxY, v.y)
        }
        switch converted {
        case .points(let points): points.forEach(grow)
        case .lines(let lines): lines.forEach { $0.vertices.forEach(grow) }
        case .polygons(let polygons): polygons.forEach { $0.forEach { $0.vertices.forEach(grow) } }
        }
        guard feature.minX <= feature.maxX else { return }  // nothing to draw
        out.append(feature)
    }

    /// `[longitude, latitude]` → the unit square (latitude clamped to the Mercator limit).
    private static func vertex(_ p: LatLon) -> UnitVertex {
        let s = sin(p.latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return UnitVertex(x: p.longitude / 360 + 0.5, y: y.isNaN ? 0.5 : min(max(y, 0), 1), importance: 0)
    }

    /// A line or ring with its size (length, or absolute area for a ring) and ranked vertices;
    /// nil without positions.
    private static func path(_ positions: [LatLon], polygon: Bool, sqTolerance: Double) -> UnitPath? {
        guard !positions.isEmpty else { return nil }
        var vertices: [UnitVertex] = []
        vertices.reserveCapacity(positions.count)
        var size = 0.0
        for position in positions {
            let v = vertex(position)
            if let p = vertices.last {
                size += polygon ? (p.x * v.y - v.x * p.y) / 2 : ((v.x - p.x) * (v.x - p.x) + (v.y - p.y) * (v.y - p.y)).squareRoot()
            }
            vertices.append(v)
        }
        vertices[0].importance = 1
        vertices[vertices.count - 1].importance = 1
        rankVertices(&vertices, first: 0, last: vertices.count - 1, sqTolerance: sqTolerance)
        return UnitPath(vertices: vertices, size: abs(size))
    }

    /// Douglas–Peucker: gives each vertex between `first` and `last` the squared distance by which
    /// it deviates from the simplified line, when above `sqTolerance` (ties pick the vertex nearest
    /// the middle, which keeps the recursion shallow on degenerate input).
    static func rankVertices(_ v: inout [UnitVertex], first: Int, last: Int, sqTolerance: Double) {
        guard last - first > 1 else { return }
        var maxSqDistance = sqTolerance
        let middle = first + (last - first) / 2
        var bestToMiddle = last - first
        var index = -1
        let a = v[first], b = v[last]
        for i in (first + 1)..<last {
            let d = squaredSegmentDistance(v[i], a, b)
            if d > maxSqDistance {
                index = i
                maxSqDistance = d
            } else if d == maxSqDistance, abs(i - middle) < bestToMiddle {
                index = i
                bestToMiddle = abs(i - middle)
            }
        }
        guard maxSqDistance > sqTolerance, index >= 0 else { return }
        rankVertices(&v, first: first, last: index, sqTolerance: sqTolerance)
        v[index].importance = maxSqDistance
        rankVertices(&v, first: index, last: last, sqTolerance: sqTolerance)
    }

    /// The squared distance from `p` to the segment `a`–`b`.
    static func squaredSegmentDistance(_ p: UnitVertex, _ a: UnitVertex, _ b: UnitVertex) -> Double {
        Point(x: p.x, y: p.y).squaredDistance(toSegment: Point(x: a.x, y: a.y), Point(x: b.x, y: b.y))
    }
}
