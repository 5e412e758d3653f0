import Foundation

/// A vertex in the Web Mercator unit square (x east, y south, 0...1 across the world), with its
/// Douglas–Peucker importance: the squared distance (unit²) it adds to its simplified line, 1 for
/// vertices that are always kept (ends, clip intersections), 0 for ones no zoom keeps.
struct UnitVertex: Equatable {
    var x: Double
    var y: Double
    var importance: Double
}

/// A line or a ring in unit coordinates, with the size the tiler uses to drop geometry too small
/// to see at a zoom: the length of a line, the absolute area of a ring (unit²), both of the whole
/// geometry before any clipping.
struct UnitPath: Equatable {
    var vertices: [UnitVertex]
    var size: Double
}

/// A GeoJSON feature projected once to the unit square: the tiler cuts it into any tile.
struct GeoJSONFeature {
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
}

/// Why a GeoJSON document could not be read. `path` is a JSON path inside the document
/// (`features[3].geometry.coordinates[0]`).
public struct GeoJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Reads a GeoJSON object (RFC 7946: a FeatureCollection, a Feature or a bare geometry) into
/// projected features, as geojson-vt's `convert` does: coordinates are `[longitude, latitude]`,
/// latitudes are clamped to the Web Mercator square, GeometryCollections become one feature per
/// member with the same id and properties. A broken feature is skipped and reported in `problems`;
/// a document that is not GeoJSON at all throws.
struct GeoJSONReader {
    /// Squared Douglas–Peucker tolerance (unit²) below which a vertex gets no importance: the
    /// tolerance at the source's maxzoom, where every vertex is kept.
    let sqTolerance: Double
    let generateId: Bool
    private(set) var features: [GeoJSONFeature] = []
    /// One message per skipped feature (JSON path and reason).
    private(set) var problems: [GeoJSONError] = []
    private var nextGeneratedId: UInt64 = 0

    init(sqTolerance: Double, generateId: Bool) {
        self.sqTolerance = sqTolerance
        self.generateId = generateId
    }

    mutating func read(_ root: StyleValue) throws(GeoJSONError) {
        guard case .object(let object) = root else {
            throw GeoJSONError(path: "", message: "expected a GeoJSON object, got \(root.json)")
        }
        switch object["type"] {
        case .string("FeatureCollection")?:
            guard case .array(let items)? = object["features"] else {
                throw GeoJSONError(path: "features", message: "expected an array of features, got \(object["features"]?.json ?? "nothing")")
            }
            for (i, item) in items.enumerated() {
                do throws(GeoJSONError) { try readFeature(item, path: "features[\(i)]") } catch { problems.append(error) }
            }
        case .string("Feature")?:
            try readFeature(root, path: "")
        case .string?:
            try add(root, path: "", id: nil, properties: [])
        default:
            throw GeoJSONError(path: "type", message: "expected a GeoJSON type, got \(object["type"]?.json ?? "nothing")")
        }
    }

    private mutating func readFeature(_ value: StyleValue, path: String) throws(GeoJSONError) {
        guard case .object(let object) = value, object["type"] == .string("Feature") else {
            throw GeoJSONError(path: path, message: "expected a Feature object, got \(value.json.prefix(80))")
        }
        var properties: [(key: String, value: FeatureValue)] = []
        if case .object(let members)? = object["properties"] {
            for key in members.keys.sorted() {
                // Feature properties hold strings, numbers and booleans (as MVT does); nested
                // objects, arrays and null have no FeatureValue and read as absent.
                switch members[key]! {
                case .string(let s): properties.append((key, .string(s)))
                case .number(let n): properties.append((key, .number(n)))
                case .bool(let b): properties.append((key, .bool(b)))
                default: continue
                }
            }
        }
        guard let geometry = object["geometry"], !geometry.isNull else { return }  // RFC 7946: unlocated
        try add(geometry, path: path.isEmpty ? "geometry" : path + ".geometry", id: Self.id(object["id"]), properties: properties)
    }

    /// MapLibre keeps a GeoJSON id only when it reads as an integer (`parseInt`), because vector
    /// tile ids are unsigned integers.
    static func id(_ value: StyleValue?) -> UInt64? {
        let number: Double?
        switch value {
        case .number(let n)?: number = n
        case .string(let s)?: number = Double(s.trimmingCharacters(in: .whitespaces))
        default: number = nil
        }
        guard let n = number?.rounded(.towardZero), n.isFinite, n >= 0, n < 1.8e19 else { return nil }
        return UInt64(n)
    }

    private mutating func add(_ geometry: StyleValue, path: String, id: UInt64?, properties: [(key: String, value: FeatureValue)]) throws(GeoJSONError) {
        guard case .object(let object) = geometry, case .string(let type)? = object["type"] else {
            throw GeoJSONError(path: path, message: "expected a geometry object, got \(geometry.json.prefix(80))")
        }
        if type == "GeometryCollection" {
            guard case .array(let members)? = object["geometries"] else {
                throw GeoJSONError(path: path + ".geometries", message: "expected an array of geometries")
            }
            for (i, member) in members.enumerated() {
                try add(member, path: "\(path).geometries[\(i)]", id: id, properties: properties)
            }
            return
        }
        let coordinates = object["coordinates"] ?? .null
        let at = path + ".coordinates"
        let converted: GeoJSONFeature.Geometry
        switch type {
        case "Point":
            converted = .points([try position(coordinates, at)])
        case "MultiPoint":
            converted = .points(try array(coordinates, at).enumerated().map { i, p throws(GeoJSONError) in try position(p, "\(at)[\(i)]") })
        case "LineString":
            converted = .lines([try line(coordinates, at, polygon: false)])
        case "MultiLineString":
            converted = .lines(try array(coordinates, at).enumerated().map { i, l throws(GeoJSONError) in try line(l, "\(at)[\(i)]", polygon: false) })
        case "Polygon":
            converted = .polygons([try rings(coordinates, at)])
        case "MultiPolygon":
            converted = .polygons(try array(coordinates, at).enumerated().map { i, p throws(GeoJSONError) in try rings(p, "\(at)[\(i)]") })
        default:
            throw GeoJSONError(path: path + ".type", message: "unknown geometry type \"\(type)\"")
        }
        var feature = GeoJSONFeature(geometry: converted, id: generateId ? nextGeneratedId : id, properties: properties,
                                     minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        nextGeneratedId += 1
        func grow(_ v: UnitVertex) {
            feature.minX = min(feature.minX, v.x); feature.maxX = max(feature.maxX, v.x)
            feature.minY = min(feature.minY, v.y); feature.maxY = max(feature.maxY, v.y)
        }
        switch converted {
        case .points(let points): points.forEach(grow)
        case .lines(let lines): lines.forEach { $0.vertices.forEach(grow) }
        case .polygons(let polygons): polygons.forEach { $0.forEach { $0.vertices.forEach(grow) } }
        }
        guard feature.minX <= feature.maxX else { return }  // empty Multi* geometry: nothing to draw
        features.append(feature)
    }

    private func array(_ value: StyleValue, _ path: String) throws(GeoJSONError) -> [StyleValue] {
        guard case .array(let items) = value else { throw GeoJSONError(path: path, message: "expected an array, got \(value.json.prefix(80))") }
        return items
    }

    /// `[longitude, latitude(, altitude)]` → the unit square (latitude clamped to the Mercator limit).
    private func position(_ value: StyleValue, _ path: String) throws(GeoJSONError) -> UnitVertex {
        guard case .array(let items) = value, items.count >= 2, let lon = items[0].numberValue, let lat = items[1].numberValue,
              lon.isFinite, lat.isFinite else {
            throw GeoJSONError(path: path, message: "expected a position [longitude, latitude], got \(value.json.prefix(80))")
        }
        let s = sin(lat * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return UnitVertex(x: lon / 360 + 0.5, y: y.isNaN ? 0.5 : min(max(y, 0), 1), importance: 0)
    }

    private func line(_ value: StyleValue, _ path: String, polygon: Bool) throws(GeoJSONError) -> UnitPath {
        let items = try array(value, path)
        var vertices: [UnitVertex] = []
        vertices.reserveCapacity(items.count)
        var size = 0.0
        for (i, item) in items.enumerated() {
            let v = try position(item, "\(path)[\(i)]")
            if let p = vertices.last {
                size += polygon ? (p.x * v.y - v.x * p.y) / 2 : ((v.x - p.x) * (v.x - p.x) + (v.y - p.y) * (v.y - p.y)).squareRoot()
            }
            vertices.append(v)
        }
        guard !vertices.isEmpty else { throw GeoJSONError(path: path, message: "expected at least one position") }
        vertices[0].importance = 1
        vertices[vertices.count - 1].importance = 1
        Self.rankVertices(&vertices, first: 0, last: vertices.count - 1, sqTolerance: sqTolerance)
        return UnitPath(vertices: vertices, size: abs(size))
    }

    private func rings(_ value: StyleValue, _ path: String) throws(GeoJSONError) -> [UnitPath] {
        try array(value, path).enumerated().map { i, ring throws(GeoJSONError) in try line(ring, "\(path)[\(i)]", polygon: true) }
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
        var x = a.x, y = a.y
        let dx = b.x - x, dy = b.y - y
        if dx != 0 || dy != 0 {
            let t = ((p.x - x) * dx + (p.y - y) * dy) / (dx * dx + dy * dy)
            if t > 1 {
                x = b.x; y = b.y
            } else if t > 0 {
                x += dx * t; y += dy * t
            }
        }
        return (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)
    }
}
