import Foundation
import MapsnapFormats
import MapsnapGeo
import Testing
@testable import MapsnapTiles

/// GeoJSON sources: reading and cutting into tiles (the geojson-vt rules).
@Suite struct GeoJSONVectorSourceTests {
    static func source(_ json: String, maxZoom: Int = 18, generateId: Bool = false) throws -> GeoJSONVectorSource {
        try GeoJSONVectorSource(geoJSON: try JSONValue.parse(json), maxZoom: maxZoom, generateId: generateId)
    }

    /// The features of tile `z/x/y` as the renderer reads them.
    static func features(_ source: GeoJSONVectorSource, _ z: Int, _ x: Int, _ y: Int) throws -> [VectorTileFeature] {
        guard let tile = try source.vectorTile(TileID(z: z, x: x, y: y)) else { return [] }
        #expect(tile.layerNames == [GeoJSONVectorSource.layerName])
        let layer = try #require(try tile.layer(named: GeoJSONVectorSource.layerName))
        #expect(layer.extent == 8192)
        return try (0..<layer.featureCount).map { try layer.feature(at: $0) }
    }

    static func p(_ x: Int32, _ y: Int32) -> TilePoint { TilePoint(x: x, y: y) }

    @Test func aBarePointLandsWhereMercatorPutsIt() throws {
        let source = try Self.source(#"{"type": "Point", "coordinates": [0, 0]}"#)
        let z0 = try Self.features(source, 0, 0, 0)
        #expect(z0.count == 1)
        #expect(z0[0].geometryType == .point)
        #expect(try z0[0].geometryParts() == [[Self.p(4096, 4096)]])
        // At z1 the point is the corner of all four tiles.
        #expect(try Self.features(source, 1, 1, 1)[0].geometryParts() == [[Self.p(0, 0)]])
        #expect(try Self.features(source, 1, 0, 0)[0].geometryParts() == [[Self.p(8192, 8192)]])
        #expect(source.maxZoom == 18)
        #expect(source.featureCount == 1)
    }

    /// With `lineMetrics`, every piece of a cut line carries where it lies along the whole line
    /// (geojson-vt's `mapbox_clip_start`/`_end`, fractions of its length), for `line-gradient`.
    @Test func lineMetricsRecordEachPiecesPlace() throws {
        let json = try JSONValue.parse(#"{"type": "LineString", "coordinates": [[-90, 10], [90, 10]]}"#)
        let measured = try GeoJSONVectorSource(geoJSON: json, maxZoom: 4, buffer: 0, lineMetrics: true)
        func clip(_ f: VectorTileFeature) -> (Double, Double)? {
            guard case .number(let a)? = f.property("mapbox_clip_start"), case .number(let b)? = f.property("mapbox_clip_end") else { return nil }
            return (a, b)
        }
        // At z1 the line crosses the two northern tiles: the west one holds its first half.
        let west = try Self.features(measured, 1, 0, 0), east = try Self.features(measured, 1, 1, 0)
        let w = try #require(clip(west[0])), e = try #require(clip(east[0]))
        #expect(abs(w.0) < 1e-12 && abs(w.1 - 0.5) < 1e-9)
        #expect(abs(e.0 - 0.5) < 1e-9 && abs(e.1 - 1) < 1e-12)
        // Without it, pieces carry nothing extra.
        let plain = try GeoJSONVectorSource(geoJSON: json, maxZoom: 4, buffer: 0)
        #expect(clip(try Self.features(plain, 1, 0, 0)[0]) == nil)
    }

    @Test func propertiesAndIds() throws {
        let source = try Self.source(#"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 12, "properties": {"name": "A", "n": 1.5, "ok": false, "nested": {"x": 1}, "list": [1], "none": null},
               "geometry": {"type": "Point", "coordinates": [1, 1]}},
              {"type": "Feature", "id": "34", "properties": null, "geometry": {"type": "Point", "coordinates": [1, 1]}},
              {"type": "Feature", "id": "abc", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 1]}},
              {"type": "Feature", "id": -3, "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 1]}},
              {"type": "Feature", "properties": {}, "geometry": null}
            ]}
            """#)
        let features = try Self.features(source, 0, 0, 0)
        #expect(features.map(\.id) == [.number(12), .number(34), nil, nil])
        // Objects and arrays are kept as JSON (MapLibre's `get` reads them); null is absent.
        #expect(features[0].properties == ["name": .string("A"), "n": .number(1.5), "ok": .bool(false),
                                           "nested": .json(try JSONValue.parse(#"{"x": 1}"#)), "list": .json(.array([.number(1)]))])
        #expect(features[1].properties.isEmpty)
    }

    @Test func generateIdNumbersTheFeatures() throws {
        let source = try Self.source(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": 99, "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}, {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 0]}}]}"#, generateId: true)
        #expect(try Self.features(source, 0, 0, 0).map(\.id) == [.number(0), .number(1)])
    }

    @Test func multiGeometriesAndCollections() throws {
        let source = try Self.source(#"""
            {"type": "Feature", "properties": {"k": "v"}, "geometry": {"type": "GeometryCollection", "geometries": [
              {"type": "MultiPoint", "coordinates": [[0, 0], [10, 0]]},
              {"type": "MultiLineString", "coordinates": [[[0, 0], [10, 10]], [[20, 0], [30, 10]]]},
              {"type": "MultiPolygon", "coordinates": [[[[0, 0], [10, 0], [10, 10], [0, 0]]], [[[20, 0], [30, 0], [30, 10], [20, 0]]]]}
            ]}}
            """#)
        let features = try Self.features(source, 0, 0, 0)
        #expect(features.map(\.geometryType) == [.point, .lineString, .polygon])
        #expect(features.allSatisfy { $0.properties == ["k": .string("v")] })
        #expect(try features.map { try $0.geometryParts().count } == [2, 2, 2])
    }

    @Test func ringsAreRewoundOuterClockwiseHolesCounterClockwise() throws {
        // Outer ring counter-clockwise on screen (as RFC 7946 writes it, y up), hole clockwise
        // on screen: both must be turned around.
        let source = try Self.source(#"""
            {"type": "Polygon", "coordinates": [
              [[-10, -10], [10, -10], [10, 10], [-10, 10], [-10, -10]],
              [[-5, -5], [-5, 5], [5, 5], [5, -5], [-5, -5]]
            ]}
            """#)
        let parts = try Self.features(source, 0, 0, 0)[0].geometryParts()
        #expect(parts.count == 2)
        #expect(doubledSignedArea(parts[0]) > 0)
        #expect(doubledSignedArea(parts[1]) < 0)
        #expect(classifyRings(parts).count == 1)
    }

    @Test func geometryIsClippedToTheTileAndItsBuffer() throws {
        // A line and a square across the whole world; at z2 each tile keeps its buffer of
        // 128/512 of a tile (2048 units) and no more.
        let source = try Self.source(#"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[-170, 0], [170, 0]]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[-170, -60], [170, -60], [170, 60], [-170, 60], [-170, -60]]]}}
            ]}
            """#)
        let features = try Self.features(source, 2, 1, 1)
        #expect(features.count == 2)
        let line = try features[0].geometryParts()
        #expect(line == [[Self.p(-2048, 8192), Self.p(8192 + 2048, 8192)]])
        let ring = try features[1].geometryParts()[0]
        #expect(ring.allSatisfy { (-2048...10240).contains($0.x) && (-2048...10240).contains($0.y) })
        #expect(ring.first == ring.last)
        // The line leaves and re-enters a tile: two pieces.
        let zigzag = try Self.source(#"{"type": "LineString", "coordinates": [[-100, 50], [-10, 50], [-10, 80], [-100, 80]]}"#)
        #expect(try Self.features(zigzag, 1, 0, 1).isEmpty)  // all of it lies in the northern tiles, beyond the buffer
        #expect(try Self.features(zigzag, 1, 0, 0)[0].geometryParts().count == 1)
        #expect(try Self.features(zigzag, 3, 3, 2)[0].geometryParts().count == 1)
        let split = try Self.source(#"{"type": "LineString", "coordinates": [[1, 1], [80, 1], [80, 2], [1, 2]]}"#)
        #expect(try Self.features(split, 2, 2, 1)[0].geometryParts().count == 1)
        #expect(try Self.features(split, 3, 4, 3)[0].geometryParts().count == 2)  // the hook's two legs, its bend outside
    }

    @Test func dataNearTheAntimeridianWrapsAround() throws {
        // 179° E lies in the eastern z1 tiles; its copy one world west is in the western tiles' buffer.
        let source = try Self.source(#"{"type": "Point", "coordinates": [179, 0]}"#)
        let east = try Self.features(source, 1, 1, 1)[0].geometryParts()[0][0]
        let west = try Self.features(source, 1, 0, 1)[0].geometryParts()[0][0]
        #expect(east.x == 8192 - 46)  // 1° of 180° per tile: 8192/180 ≈ 45.5 units
        #expect(west.x == -46)
        #expect(east.y == 0 && west.y == 0)
    }

    @Test func linesAreSimplifiedBelowMaxZoomOnly() throws {
        // A 0.001° wiggle is far below 0.375 px at z0 but visible at z18.
        let source = try Self.source(#"{"type": "LineString", "coordinates": [[0, 0], [0.5, 0.001], [1, 0]]}"#, maxZoom: 18)
        #expect(try Self.features(source, 0, 0, 0)[0].geometryParts()[0].count == 2)
        let z18 = TileID(containing: LatLon(0.0005, 0.5), z: 18)
        #expect(try Self.features(source, 18, z18.x, z18.y)[0].geometryParts()[0].count == 3)
    }

    @Test func brokenFeaturesAreSkippedAndNamed() throws {
        let source = try Self.source(#"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": ["a", 0]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Circle", "coordinates": [0, 0]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}
            ]}
            """#)
        #expect(source.featureCount == 1)
        #expect(source.problems.map(\.description) == [
            #"features[0].geometry.coordinates: must be a position [lon, lat], got ["a", 0]"#,
            #"features[1].geometry.type: must be Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection, got "Circle""#,
        ])
        #expect(throws: GeoJSONError(path: "", .unexpectedValue(expected: "a GeoJSON object", got: "[1, 2]"))) { try Self.source("[1, 2]") }
        #expect(throws: GeoJSONError(path: "features", .missingMember(hint: "a FeatureCollection has an array of features"))) {
            try Self.source(#"{"type": "FeatureCollection"}"#)
        }
    }

    /// What MapLibre draws and RFC 7946 forbids still draws: longitudes beyond 180° (a line
    /// across the antimeridian), unclosed rings, latitudes beyond the poles (clamped).
    @Test func mapLibreInputIsDrawnAsMapLibreDraws() throws {
        let source = try Self.source(#"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[170, 0], [190, 0]]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10]]]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 95]}}
            ]}
            """#)
        #expect(source.problems.isEmpty)
        #expect(source.featureCount == 3)
        // The line reaches into the western tile through its copy one world west.
        #expect(try Self.features(source, 1, 0, 0).map(\.geometryType).contains(.lineString))
        #expect(try Self.features(source, 1, 1, 1).map(\.geometryType) == [.lineString, .polygon])
        #expect(try Self.features(source, 1, 1, 0).map(\.geometryType) == [.lineString, .polygon, .point])
    }

    /// Ids are numbered by the feature's place in the document, as geojson-vt numbers them: a
    /// feature without geometry keeps its number, a GeometryCollection's members share theirs.
    @Test func generateIdCountsFeaturesAsGeojsonVtDoes() throws {
        let source = try Self.source(#"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": null},
              {"type": "Feature", "properties": {}, "geometry": {"type": "GeometryCollection", "geometries": [
                {"type": "Point", "coordinates": [0, 0]}, {"type": "Point", "coordinates": [1, 0]}]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [2, 0]}}
            ]}
            """#, generateId: true)
        #expect(try Self.features(source, 0, 0, 0).map(\.id) == [.number(1), .number(1), .number(2)])
    }

    @Test func fileSourcesAndTheirErrors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type": "Point", "coordinates": [2.35, 48.85]}"#.utf8).write(to: file)
        let source = try GeoJSONVectorSource(contentsOf: file, maxZoom: 12)
        #expect(source.maxZoom == 12)
        #expect(source.bounds.map { abs($0.west - 2.35) < 1e-9 && abs($0.north - 48.85) < 1e-9 } == true)
        #expect(throws: GeoJSONSourceError.unreadable(.missing("/nonexistent.geojson"))) {
            try GeoJSONVectorSource(contentsOf: URL(fileURLWithPath: "/nonexistent.geojson"))
        }
        try Data(#"{"type": "Point", "coordinates": [2.35, 48.85],}"#.utf8).write(to: file)
        #expect(throws: GeoJSONSourceError.self) { try GeoJSONVectorSource(contentsOf: file) }
        do { _ = try GeoJSONVectorSource(contentsOf: file) } catch {
            #expect(error.description == "\(file.path): line 1, column 48: expected an object key after ',', found '}' (trailing commas are not allowed)")
        }
        try Data(#"{"type": "Point", "coordinates": [2.35]}"#.utf8).write(to: file)
        do { _ = try GeoJSONVectorSource(contentsOf: file) } catch {
            #expect(error.description == "\(file.path): coordinates: must be a position [lon, lat], got [2.35]")
        }
        #expect(GeoJSONSourceError.notLocal(url: "https://example.com/x.geojson").description
                == "https://example.com/x.geojson: GeoJSON data must be inline or a local file")
    }
}
