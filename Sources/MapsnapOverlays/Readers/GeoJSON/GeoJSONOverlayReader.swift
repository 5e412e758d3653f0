import Foundation

/// Reads overlays from GeoJSON (RFC 7946): a FeatureCollection, a single Feature or a bare geometry,
/// styled by each feature's simplestyle-spec properties (see `SimpleStyle`).
///
/// | geometry | overlays |
/// |---|---|
/// | Point | a marker, or a geodesic circle when the feature has a numeric `radius` (meters) |
/// | MultiPoint | one marker (or circle) per point |
/// | LineString, MultiLineString | one track (a MultiLineString's lines are its segments) |
/// | Polygon | one polygon, holes kept |
/// | MultiPolygon | one polygon per member |
/// | GeometryCollection | each member, with the feature's style |
///
/// Positions are `[lon, lat]` (longitude first, as the RFC says; messages say so too); an altitude
/// after them is ignored. Features with a `null` geometry and geometries with empty coordinates are
/// skipped (RFC 7946 §3.1, §3.2). Rings must be closed and have at least 4 positions; lines at least
/// 2. Errors name the JSON path, e.g. `zones.geojson: features[3].geometry.coordinates[12]: latitude
/// 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])`, or the line and column of a syntax
/// error.
public enum GeoJSONOverlayReader {
    /// - Parameter trackStyle: what lines look like before their own `stroke`, `stroke-width`,
    ///   `stroke-opacity` and `title` apply (so `--track route.geojson` can be styled like a GPX track).
    public static func read(_ data: Data, fileName: String, trackStyle: Track = Track()) throws(OverlayError) -> [Overlay] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw .malformedJSON(InputLocation(file: fileName, line: error.line, column: error.column), reason: error.reason)
        }
        var reader = Reader(file: fileName, trackStyle: trackStyle)
        try reader.object(root, path: "")
        return reader.overlays
    }

    static let geometryTypes = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                                "GeometryCollection"]

    private struct Reader {
        let file: String
        let trackStyle: Track
        var overlays: [Overlay] = []

        init(file: String, trackStyle: Track) {
            self.file = file
            self.trackStyle = trackStyle
        }

        func at(_ path: String) -> InputLocation { InputLocation(file: file, path: path) }

        static func join(_ path: String, _ member: String) -> String { path.isEmpty ? member : "\(path).\(member)" }

        /// The members of an object, or an error naming what it was instead.
        func members(_ value: JSONValue, path: String, expected: String) throws(OverlayError) -> JSONObject {
            guard case .object(let members) = value else { throw .unexpectedValue(at(path), expected: expected, got: value.summary) }
            return members
        }

        func type(of members: JSONObject, path: String) throws(OverlayError) -> String {
            let typePath = Self.join(path, "type")
            guard let value = members["type"] else {
                throw .missingMember(at(typePath), hint: "every GeoJSON object has a \"type\"")
            }
            guard case .string(let type) = value else {
                throw .unexpectedValue(at(typePath), expected: "a string", got: value.summary)
            }
            return type
        }

        /// The top level: FeatureCollection, Feature or a geometry.
        mutating func object(_ value: JSONValue, path: String) throws(OverlayError) {
            let members = try self.members(value, path: path, expected: "a GeoJSON object")
            let type = try self.type(of: members, path: path)
            switch type {
            case "FeatureCollection":
                let featuresPath = Self.join(path, "features")
                guard let features = members["features"] else {
                    throw .missingMember(at(featuresPath), hint: "a FeatureCollection has an array of features")
                }
                guard case .array(let items) = features else {
                    throw .unexpectedValue(at(featuresPath), expected: "an array of features", got: features.summary)
                }
                for (i, item) in items.enumerated() {
                    try feature(item, path: "\(featuresPath)[\(i)]")
                }
            case "Feature":
                try feature(value, path: path)
            case _ where GeoJSONOverlayReader.geometryTypes.contains(type):
                try geometry(value, path: path, style: SimpleStyle())
            default:
                throw .unexpectedValue(at(Self.join(path, "type")),
                                       expected: "FeatureCollection, Feature or a geometry type", got: "\"\(type)\"")
            }
        }

        mutating func feature(_ value: JSONValue, path: String) throws(OverlayError) {
            let members = try self.members(value, path: path, expected: "a Feature object")
            let type = try self.type(of: members, path: path)
            guard type == "Feature" else {
                throw .unexpectedValue(at(Self.join(path, "type")), expected: "\"Feature\"", got: "\"\(type)\"")
            }
            let style = try SimpleStyle(properties: members["properties"], path: Self.join(path, "properties"), file: file)
            guard let geometry = members["geometry"] else {
                throw .missingMember(at(Self.join(path, "geometry")), hint: "use null for a feature without a location")
            }
            if geometry == .null { return }
            try self.geometry(geometry, path: Self.join(path, "geometry"), style: style)
        }

        mutating func geometry(_ value: JSONValue, path: String, style: SimpleStyle) throws(OverlayError) {
            let members = try self.members(value, path: path, expected: "a geometry object or null")
            let type = try self.type(of: members, path: path)
            if type == "GeometryCollection" {
                let geometriesPath = Self.join(path, "geometries")
                guard let geometries = members["geometries"] else {
                    throw .missingMember(at(geometriesPath), hint: "a GeometryCollection has an array of geometries")
                }
                guard case .array(let items) = geometries else {
                    throw .unexpectedValue(at(geometriesPath), expected: "an array of geometries", got: geometries.summary)
                }
                for (i, item) in items.enumerated() {
                    try geometry(item, path: "\(geometriesPath)[\(i)]", style: style)
                }
                return
            }
            guard GeoJSONOverlayReader.geometryTypes.contains(type) else {
                throw .unexpectedValue(at(Self.join(path, "type")),
                                       expected: "Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection",
                                       got: "\"\(type)\"")
            }
            let coordinatesPath = Self.join(path, "coordinates")
            guard let coordinates = members["coordinates"] else {
                throw .missingMember(at(coordinatesPath), hint: "a \(type) has coordinates")
            }
            guard case .array(let items) = coordinates else {
                throw .unexpectedValue(at(coordinatesPath), expected: "an array", got: coordinates.summary)
            }
            if items.isEmpty { return }  // an empty geometry

            switch type {
            case "Point":
                point(try position(coordinates, path: coordinatesPath), style: style)
            case "MultiPoint":
                for p in try positions(items, path: coordinatesPath) { point(p, style: style) }
            case "LineString":
                overlays.append(.track(style.track(segments: [try line(items, path: coordinatesPath)], base: trackStyle)))
            case "MultiLineString":
                var segments: [[LatLon]] = []
                for (i, item) in items.enumerated() {
                    segments.append(try line(try array(item, path: "\(coordinatesPath)[\(i)]", expected: "an array of positions"),
                                             path: "\(coordinatesPath)[\(i)]"))
                }
                overlays.append(.track(style.track(segments: segments, base: trackStyle)))
            case "Polygon":
                overlays.append(.polygon(style.polygon(rings: try polygon(items, path: coordinatesPath))))
            default:  // MultiPolygon
                for (i, item) in items.enumerated() {
                    let polygonPath = "\(coordinatesPath)[\(i)]"
                    let rings = try array(item, path: polygonPath, expected: "an array of linear rings")
                    if rings.isEmpty { continue }
                    overlays.append(.polygon(style.polygon(rings: try polygon(rings, path: polygonPath))))
                }
            }
        }

        mutating func point(_ p: LatLon, style: SimpleStyle) {
            if let radius = style.radiusMeters {
                overlays.append(.circle(style.circle(center: p, radiusMeters: radius)))
            } else {
                overlays.append(.marker(style.marker(at: p)))
            }
        }

        func array(_ value: JSONValue, path: String, expected: String) throws(OverlayError) -> [JSONValue] {
            guard case .array(let items) = value else { throw .unexpectedValue(at(path), expected: expected, got: value.summary) }
            return items
        }

        func line(_ items: [JSONValue], path: String) throws(OverlayError) -> [LatLon] {
            guard items.count >= 2 else {
                throw .tooFewPositions(at(path), shape: "a line", minimum: 2, got: items.count)
            }
            return try positions(items, path: path)
        }

        func polygon(_ rings: [JSONValue], path: String) throws(OverlayError) -> [[LatLon]] {
            var out: [[LatLon]] = []
            for (i, ring) in rings.enumerated() {
                let ringPath = "\(path)[\(i)]"
                let items = try array(ring, path: ringPath, expected: "a linear ring (an array of positions)")
                guard items.count >= 4 else {
                    throw .tooFewPositions(at(ringPath), shape: "a linear ring", minimum: 4, got: items.count)
                }
                let points = try positions(items, path: ringPath)
                guard points.first == points.last else {
                    throw .unexpectedValue(at(ringPath), expected: "a closed ring (its last position equal to its first)",
                                           got: "a ring from \(Self.show(points.first!)) to \(Self.show(points.last!))")
                }
                out.append(points)
            }
            return out
        }

        static func show(_ p: LatLon) -> String {
            "[\(OverlayError.format(p.longitude)), \(OverlayError.format(p.latitude))]"
        }

        func positions(_ items: [JSONValue], path: String) throws(OverlayError) -> [LatLon] {
            var out: [LatLon] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                out.append(try position(item, path: path, index: i))
            }
            return out
        }

        /// `[lon, lat]` or `[lon, lat, altitude]`; the path of an item is built only for a message.
        func position(_ value: JSONValue, path: String, index: Int? = nil) throws(OverlayError) -> LatLon {
            func here() -> InputLocation { at(index.map { "\(path)[\($0)]" } ?? path) }
            guard case .array(let numbers) = value, numbers.count >= 2,
                  case .number(let lon) = numbers[0], case .number(let lat) = numbers[1] else {
                throw .unexpectedValue(here(), expected: "a position [lon, lat]", got: value.summary)
            }
            guard OverlayLimits.isValidLatitude(lat) else {
                throw .positionOutOfRange(here(), axis: .latitude, value: OverlayError.format(lat))
            }
            guard OverlayLimits.isValidLongitude(lon) else {
                throw .positionOutOfRange(here(), axis: .longitude, value: OverlayError.format(lon))
            }
            return LatLon(lat, lon)
        }
    }
}
