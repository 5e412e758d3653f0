import MapsnapFormats

/// The one GeoJSON reader (RFC 7946): a FeatureCollection, a single Feature or a bare geometry
/// (every geometry type, GeometryCollections too) into `GeoJSONFeature`s with `LatLon` positions.
///
/// Both rule sets check the structure: the types, that coordinates nest as their geometry type
/// says, that a position is `[lon, lat]` (an altitude after them is ignored). Empty coordinates
/// read as no geometry (RFC 7946 §3.1), a MultiPolygon's empty polygons are dropped. Errors name
/// the JSON path of the value and what is wrong with it (`GeoJSONError`).
public enum GeoJSONReader {
    /// How strictly the RFC's rules apply, for the two kinds of input we read.
    public enum Rules: Sendable {
        /// RFC 7946 as written, for files people hand us (overlays): latitudes in -90...90 and
        /// longitudes in -180...180, lines of at least 2 positions, linear rings closed with at
        /// least 4, a Feature with a `geometry` member and `properties` an object or null. The
        /// first problem stops reading.
        case strict
        /// What MapLibre draws from a style's GeoJSON source (geojson-vt): any position, since
        /// longitudes beyond ±180 are how styles draw across the antimeridian and latitudes are
        /// clamped to the Mercator square; rings need not be closed; lines and rings need one
        /// position; a missing `geometry` is null and other `properties` none. A broken feature of
        /// a FeatureCollection is skipped and listed in `GeoJSONDocument.problems`.
        case mapLibre
    }

    /// Reads a parsed GeoJSON object; throws for a document that is not GeoJSON at all, and with
    /// strict rules for the first broken feature.
    public static func read(_ root: JSONValue, rules: Rules = .strict) throws(GeoJSONError) -> GeoJSONDocument {
        var reader = Reader(rules: rules)
        try reader.document(root)
        return reader.document
    }

    /// The `type` values of geometry objects (RFC 7946 §1.4).
    public static let geometryTypes: Set<String> = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon",
                                                    "MultiPolygon", "GeometryCollection"]
    /// Every `type` a GeoJSON object may have (RFC 7946 §1.4).
    public static let types: Set<String> = geometryTypes.union(["Feature", "FeatureCollection"])

    private struct Reader {
        let rules: Rules
        var document = GeoJSONDocument()

        init(rules: Rules) { self.rules = rules }

        static func join(_ path: String, _ member: String) -> String { path.isEmpty ? member : "\(path).\(member)" }

        /// The members of an object, or an error naming what it was instead.
        func members(_ value: JSONValue, path: String, expected: String) throws(GeoJSONError) -> JSONObject {
            guard case .object(let members) = value else { throw GeoJSONError(path: path, .unexpectedValue(expected: expected, got: value.summary)) }
            return members
        }

        func array(_ value: JSONValue, path: String, expected: String) throws(GeoJSONError) -> [JSONValue] {
            guard case .array(let items) = value else { throw GeoJSONError(path: path, .unexpectedValue(expected: expected, got: value.summary)) }
            return items
        }

        func type(of members: JSONObject, path: String) throws(GeoJSONError) -> String {
            let typePath = Self.join(path, "type")
            guard let value = members["type"] else {
                throw GeoJSONError(path: typePath, .missingMember(hint: "every GeoJSON object has a \"type\""))
            }
            guard case .string(let type) = value else {
                throw GeoJSONError(path: typePath, .unexpectedValue(expected: "a string", got: value.summary))
            }
            return type
        }

        /// The top level: FeatureCollection, Feature or a geometry.
        mutating func document(_ value: JSONValue) throws(GeoJSONError) {
            let members = try self.members(value, path: "", expected: "a GeoJSON object")
            let type = try self.type(of: members, path: "")
            switch type {
            case "FeatureCollection":
                guard let features = members["features"] else {
                    throw GeoJSONError(path: "features", .missingMember(hint: "a FeatureCollection has an array of features"))
                }
                let items = try array(features, path: "features", expected: "an array of features")
                document.features.reserveCapacity(items.count)
                for (i, item) in items.enumerated() {
                    do throws(GeoJSONError) {
                        document.features.append(try feature(item, path: "features[\(i)]"))
                    } catch {
                        guard rules == .mapLibre else { throw error }
                        document.problems.append(error)
                    }
                }
            case "Feature":
                document.features = [try feature(value, path: "")]
            case _ where GeoJSONReader.geometryTypes.contains(type):
                document.features = [GeoJSONFeature(geometry: try geometry(members, type: type, path: ""))]
            default:
                throw GeoJSONError(path: "type", .unexpectedValue(expected: "FeatureCollection, Feature or a geometry type", got: "\"\(type)\""))
            }
        }

        func feature(_ value: JSONValue, path: String) throws(GeoJSONError) -> GeoJSONFeature {
            let members = try self.members(value, path: path, expected: "a Feature object")
            let type = try self.type(of: members, path: path)
            guard type == "Feature" else {
                throw GeoJSONError(path: Self.join(path, "type"), .unexpectedValue(expected: "\"Feature\"", got: "\"\(type)\""))
            }
            var properties = members["properties"] ?? .null
            switch (properties, rules) {
            case (.null, _), (.object, _): break
            case (_, .mapLibre): properties = .null
            case (_, .strict):
                throw GeoJSONError(path: Self.join(path, "properties"), .unexpectedValue(expected: "an object or null", got: properties.summary))
            }
            let geometryPath = Self.join(path, "geometry")
            var geometry: GeoJSONGeometry?
            switch members["geometry"] {
            case nil:
                if rules == .strict { throw GeoJSONError(path: geometryPath, .missingMember(hint: "use null for a feature without a location")) }
            case .null?:
                break
            case let value?:
                let geometryMembers = try self.members(value, path: geometryPath, expected: "a geometry object or null")
                geometry = try self.geometry(geometryMembers, type: try self.type(of: geometryMembers, path: geometryPath), path: geometryPath)
            }
            return GeoJSONFeature(geometry: geometry, properties: properties, id: members["id"], path: path)
        }

        /// A geometry object whose `type` is `type`; nil when its coordinates are empty.
        func geometry(_ members: JSONObject, type: String, path: String) throws(GeoJSONError) -> GeoJSONGeometry? {
            if type == "GeometryCollection" {
                let geometriesPath = Self.join(path, "geometries")
                guard let geometries = members["geometries"] else {
                    throw GeoJSONError(path: geometriesPath, .missingMember(hint: "a GeometryCollection has an array of geometries"))
                }
                var out: [GeoJSONGeometry] = []
                for (i, item) in try array(geometries, path: geometriesPath, expected: "an array of geometries").enumerated() {
                    let memberPath = "\(geometriesPath)[\(i)]"
                    let memberMembers = try self.members(item, path: memberPath, expected: "a geometry object")
                    if let member = try geometry(memberMembers, type: try self.type(of: memberMembers, path: memberPath), path: memberPath) {
                        out.append(member)
                    }
                }
                return out.isEmpty ? nil : .geometryCollection(out)
            }
            guard GeoJSONReader.geometryTypes.contains(type) else {
                throw GeoJSONError(path: Self.join(path, "type"), .unexpectedValue(
                    expected: "Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection", got: "\"\(type)\""))
            }
            let at = Self.join(path, "coordinates")
            guard let coordinates = members["coordinates"] else {
                throw GeoJSONError(path: at, .missingMember(hint: "a \(type) has coordinates"))
            }
            let items = try array(coordinates, path: at, expected: "an array")
            if items.isEmpty { return nil }

            switch type {
            case "Point":
                return .point(try position(coordinates, path: at))
            case "MultiPoint":
                return .multiPoint(try positions(items, path: at))
            case "LineString":
                return .lineString(try line(items, path: at))
            case "MultiLineString":
                var lines: [[LatLon]] = []
                lines.reserveCapacity(items.count)
                for (i, item) in items.enumerated() {
                    let linePath = "\(at)[\(i)]"
                    lines.append(try line(try array(item, path: linePath, expected: "an array of positions"), path: linePath))
                }
                return .multiLineString(lines)
            case "Polygon":
                return .polygon(try polygon(items, path: at))
            default:  // MultiPolygon
                var polygons: [[[LatLon]]] = []
                for (i, item) in items.enumerated() {
                    let polygonPath = "\(at)[\(i)]"
                    let rings = try array(item, path: polygonPath, expected: "an array of linear rings")
                    if !rings.isEmpty { polygons.append(try polygon(rings, path: polygonPath)) }
                }
                return polygons.isEmpty ? nil : .multiPolygon(polygons)
            }
        }

        func line(_ items: [JSONValue], path: String) throws(GeoJSONError) -> [LatLon] {
            let minimum = rules == .strict ? 2 : 1
            guard items.count >= minimum else {
                throw GeoJSONError(path: path, .tooFewPositions(shape: "a line", minimum: minimum, got: items.count))
            }
            return try positions(items, path: path)
        }

        func polygon(_ rings: [JSONValue], path: String) throws(GeoJSONError) -> [[LatLon]] {
            var out: [[LatLon]] = []
            out.reserveCapacity(rings.count)
            let minimum = rules == .strict ? 4 : 1
            for (i, ring) in rings.enumerated() {
                let ringPath = "\(path)[\(i)]"
                let items = try array(ring, path: ringPath, expected: "a linear ring (an array of positions)")
                guard items.count >= minimum else {
                    throw GeoJSONError(path: ringPath, .tooFewPositions(shape: "a linear ring", minimum: minimum, got: items.count))
                }
                let points = try positions(items, path: ringPath)
                guard rules == .mapLibre || points.first == points.last else {
                    throw GeoJSONError(path: ringPath, .unexpectedValue(expected: "a closed ring (its last position equal to its first)",
                                                                        got: "a ring from \(Self.show(points.first!)) to \(Self.show(points.last!))"))
                }
                out.append(points)
            }
            return out
        }

        /// A position as GeoJSON writes it, `[lon, lat]`.
        static func show(_ p: LatLon) -> String {
            "[\(MessageNumber.format(p.longitude)), \(MessageNumber.format(p.latitude))]"
        }

        func positions(_ items: [JSONValue], path: String) throws(GeoJSONError) -> [LatLon] {
            var out: [LatLon] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                out.append(try position(item, path: path, index: i))
            }
            return out
        }

        /// `[lon, lat]` or `[lon, lat, altitude]`; the path of an item is built only for a message.
        func position(_ value: JSONValue, path: String, index: Int? = nil) throws(GeoJSONError) -> LatLon {
            func here() -> String { index.map { "\(path)[\($0)]" } ?? path }
            guard case .array(let numbers) = value, numbers.count >= 2,
                  case .number(let lon) = numbers[0], case .number(let lat) = numbers[1], lon.isFinite, lat.isFinite else {
                throw GeoJSONError(path: here(), .unexpectedValue(expected: "a position [lon, lat]", got: value.summary))
            }
            if rules == .strict {
                guard LatLon.isValidLatitude(lat) else { throw GeoJSONError(path: here(), .positionOutOfRange(.latitude, lat)) }
                guard LatLon.isValidLongitude(lon) else { throw GeoJSONError(path: here(), .positionOutOfRange(.longitude, lon)) }
            }
            return LatLon(lat, lon)
        }
    }
}
