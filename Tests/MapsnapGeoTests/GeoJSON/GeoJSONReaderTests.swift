import Testing
import MapsnapFormats
@testable import MapsnapGeo

@Suite struct GeoJSONReaderTests {
    static func read(_ json: String, rules: GeoJSONReader.Rules = .strict) throws -> GeoJSONDocument {
        try GeoJSONReader.read(try JSONValue.parse(json), rules: rules)
    }

    static let square = "[[7.42, 43.73], [7.43, 43.73], [7.43, 43.74], [7.42, 43.74], [7.42, 43.73]]"
    static let squareRing = [LatLon(43.73, 7.42), LatLon(43.73, 7.43), LatLon(43.74, 7.43), LatLon(43.74, 7.42), LatLon(43.73, 7.42)]

    @Test func aFeatureCollectionKeepsOrderPropertiesIdsAndPaths() throws {
        let document = try Self.read("""
        {"type": "FeatureCollection", "bbox": [7, 43, 8, 44], "features": [
          {"type": "Feature", "id": 1, "properties": {"name": "A"}, "geometry": {"type": "Point", "coordinates": [7.4246, 43.7384, 55.0]}},
          {"type": "Feature", "id": "b", "properties": null, "geometry": null},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}
        ]}
        """)
        #expect(document.problems.isEmpty)
        #expect(document.features == [
            GeoJSONFeature(geometry: .point(LatLon(43.7384, 7.4246)), properties: ["name": "A"], id: 1, path: "features[0]"),
            GeoJSONFeature(geometry: nil, properties: .null, id: "b", path: "features[1]"),
            GeoJSONFeature(geometry: .lineString([LatLon(0, 0), LatLon(1, 1)]), path: "features[2]"),
        ])
    }

    @Test func everyGeometryType() throws {
        let collection = try Self.read("""
        {"type": "GeometryCollection", "geometries": [
          {"type": "Point", "coordinates": [2, 1]},
          {"type": "MultiPoint", "coordinates": [[2, 1], [4, 3]]},
          {"type": "LineString", "coordinates": [[0, 0], [1, 1]]},
          {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3], [4, 4]]]},
          {"type": "Polygon", "coordinates": [\(Self.square)]},
          {"type": "MultiPolygon", "coordinates": [[\(Self.square)], [], [\(Self.square), \(Self.square)]]},
          {"type": "GeometryCollection", "geometries": [{"type": "LineString", "coordinates": []}]}
        ]}
        """)
        #expect(collection.features == [GeoJSONFeature(geometry: .geometryCollection([
            .point(LatLon(1, 2)),
            .multiPoint([LatLon(1, 2), LatLon(3, 4)]),
            .lineString([LatLon(0, 0), LatLon(1, 1)]),
            .multiLineString([[LatLon(0, 0), LatLon(1, 1)], [LatLon(2, 2), LatLon(3, 3), LatLon(4, 4)]]),
            .polygon([Self.squareRing]),
            .multiPolygon([[Self.squareRing], [Self.squareRing, Self.squareRing]]),
        ]))])
        #expect(collection.features[0].geometry?.type == "GeometryCollection")
    }

    /// Empty coordinates read as no geometry (RFC 7946 §3.1).
    @Test(arguments: [
        #"{"type": "Point", "coordinates": []}"#, #"{"type": "Polygon", "coordinates": []}"#,
        #"{"type": "MultiPolygon", "coordinates": [[]]}"#, #"{"type": "GeometryCollection", "geometries": []}"#,
        #"{"type": "Feature", "properties": {"a": 1}, "geometry": null}"#,
    ])
    func emptyGeometriesReadAsNone(json: String) throws {
        #expect(try Self.read(json).features.map(\.geometry) == [nil])
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let json: String, rules: GeoJSONReader.Rules?, message: String
        var testDescription: String { message }
        /// `rules` nil: both rule sets say the same.
        init(_ json: String, _ message: String, rules: GeoJSONReader.Rules? = nil) {
            self.json = json
            self.message = message
            self.rules = rules
        }
    }

    static let bad: [Bad] = [
        .init("[1, 2]", "must be a GeoJSON object, got [1, 2]"),
        .init("{}", "type: missing (every GeoJSON object has a \"type\")"),
        .init(#"{"type": 7}"#, "type: must be a string, got 7"),
        .init(#"{"type": "Topology"}"#, "type: must be FeatureCollection, Feature or a geometry type, got \"Topology\""),
        .init(#"{"type": "FeatureCollection"}"#, "features: missing (a FeatureCollection has an array of features)"),
        .init(#"{"type": "FeatureCollection", "features": {}}"#, "features: must be an array of features, got an object"),
        .init(#"{"type": "Feature", "geometry": "here"}"#, "geometry: must be a geometry object or null, got \"here\""),
        .init(#"{"type": "Feature", "geometry": {"type": "Circle", "coordinates": [0, 0]}}"#,
              "geometry.type: must be Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection, got \"Circle\""),
        .init(#"{"type": "Feature", "geometry": {"type": "Point"}}"#, "geometry.coordinates: missing (a Point has coordinates)"),
        .init(#"{"type": "Point", "coordinates": "0,0"}"#, "coordinates: must be an array, got \"0,0\""),
        .init(#"{"type": "Point", "coordinates": [1]}"#, "coordinates: must be a position [lon, lat], got [1]"),
        .init(#"{"type": "MultiPoint", "coordinates": [[0, 0], ["7.4", 43.7]]}"#,
              "coordinates[1]: must be a position [lon, lat], got [\"7.4\", 43.7]"),
        .init(#"{"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], 5]}"#, "coordinates[1]: must be an array of positions, got 5"),
        .init(#"{"type": "MultiPolygon", "coordinates": [7]}"#, "coordinates[0]: must be an array of linear rings, got 7"),
        .init(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]], "hole"]}"#,
              "coordinates[1]: must be a linear ring (an array of positions), got \"hole\""),
        .init(#"{"type": "GeometryCollection"}"#, "geometries: missing (a GeometryCollection has an array of geometries)"),
        .init(#"{"type": "GeometryCollection", "geometries": [null]}"#, "geometries[0]: must be a geometry object, got null"),
        // RFC 7946's own rules apply with strict rules only.
        .init(#"{"type": "Point", "coordinates": [43.7, 95.1]}"#,
              "coordinates: latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])", rules: .strict),
        .init(#"{"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [181, 0]}]}"#,
              "geometries[0].coordinates: longitude 181 is outside -180...180 (GeoJSON positions are [lon, lat])", rules: .strict),
        .init(#"{"type": "LineString", "coordinates": [[0, 0]]}"#, "coordinates: a line needs at least 2 positions, got 1", rules: .strict),
        .init(#"{"type": "MultiLineString", "coordinates": [[]]}"#, "coordinates[0]: a line needs at least 1 position, got 0", rules: .mapLibre),
        .init(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}"#,
              "coordinates[0]: a linear ring needs at least 4 positions, got 3", rules: .strict),
        .init(#"{"type": "Polygon", "coordinates": [[]]}"#, "coordinates[0]: a linear ring needs at least 1 position, got 0", rules: .mapLibre),
        .init(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}"#,
              "coordinates[0]: must be a closed ring (its last position equal to its first), got a ring from [0, 0] to [0, 1]", rules: .strict),
        .init(#"{"type": "Feature", "properties": [], "geometry": null}"#, "properties: must be an object or null, got []", rules: .strict),
        .init(#"{"type": "Feature", "properties": {}}"#, "geometry: missing (use null for a feature without a location)", rules: .strict),
    ]

    @Test(arguments: bad)
    func errorsNameTheJSONPath(_ c: Bad) {
        for rules in c.rules.map({ [$0] }) ?? [.strict, .mapLibre] {
            #expect(throws: Never.self) { try JSONValue.parse(c.json) }
            #expect(Self.message { try Self.read(c.json, rules: rules) } == c.message, "\(rules)")
        }
    }

    static func message(_ body: () throws -> GeoJSONDocument) -> String? {
        do { _ = try body() } catch { return "\(error)" }
        return nil
    }

    /// What strict rules refuse, MapLibre's rules read as geojson-vt does.
    @Test func mapLibreRulesReadWhatMapLibreDraws() throws {
        let document = try Self.read("""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": 5, "geometry": {"type": "LineString", "coordinates": [[170, 0], [190, 95]]}},
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1]]]}},
          {"type": "Feature"}
        ]}
        """, rules: .mapLibre)
        #expect(document.problems.isEmpty)
        #expect(document.features.map(\.geometry) == [
            .lineString([LatLon(0, 170), LatLon(95, 190)]), .polygon([[LatLon(0, 0), LatLon(0, 1), LatLon(1, 1)]]), nil,
        ])
        #expect(document.features[0].properties == .null)
    }

    /// A broken feature is skipped and listed with MapLibre's rules; strict rules stop at it.
    @Test func brokenFeatures() throws {
        let json = #"{"type": "FeatureCollection", "features": [1, {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}}, {"type": "Feature", "geometry": {"type": "Point", "coordinates": [true, 0]}}]}"#
        let document = try Self.read(json, rules: .mapLibre)
        #expect(document.features.map(\.path) == ["features[1]"])
        #expect(document.problems.map(\.description) == [
            "features[0]: must be a Feature object, got 1",
            "features[2].geometry.coordinates: must be a position [lon, lat], got [true, 0]",
        ])
        #expect(Self.message { try Self.read(json) } == "features[0]: must be a Feature object, got 1")
    }

    @Test func aLargeLineIsReadQuickly() throws {
        let positions = (0..<100_000).map { "[\(7.4 + Double($0) * 1e-6), \(43.7 + Double($0 % 1000) * 1e-6)]" }
        let document = try Self.read("{\"type\": \"LineString\", \"coordinates\": [\(positions.joined(separator: ","))]}")
        guard case .lineString(let line)? = document.features.first?.geometry else { Issue.record("no line"); return }
        #expect(line.count == 100_000)
    }
}
