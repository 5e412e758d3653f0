import Foundation
import MapsnapKit
import Testing
@testable import MapsnapRender

/// GeoJSON sources: reading, cutting into tiles (the geojson-vt rules) and drawing.
@Suite struct GeoJSONVectorSourceTests {
    static func source(_ json: String, maxZoom: Int = 18, generateId: Bool = false) throws -> GeoJSONVectorSource {
        try GeoJSONVectorSource(geoJSON: try StyleValue.parseJSON(json), maxZoom: maxZoom, generateId: generateId)
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
        // Objects, arrays and null have no FeatureValue: absent, as `get` then says null.
        #expect(features[0].properties == ["name": .string("A"), "n": .number(1.5), "ok": .bool(false)])
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
        #expect(GeoJSONTiler.signedArea(parts[0]) > 0)
        #expect(GeoJSONTiler.signedArea(parts[1]) < 0)
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
            #"features[0].geometry.coordinates: expected a position [longitude, latitude], got ["a",0]"#,
            #"features[1].geometry.type: unknown geometry type "Circle""#,
        ])
        #expect(throws: GeoJSONError(path: "", message: "expected a GeoJSON object, got [1,2]")) { try Self.source("[1, 2]") }
        #expect(throws: GeoJSONError(path: "features", message: "expected an array of features, got nothing")) {
            try Self.source(#"{"type": "FeatureCollection"}"#)
        }
    }

    @Test func fileSourcesAndTheirErrors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type": "Point", "coordinates": [2.35, 48.85]}"#.utf8).write(to: file)
        let source = try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .url(file.lastPathComponent), fileURL: file, maxZoom: 12))
        #expect(source.maxZoom == 12)
        #expect(source.bounds.map { abs($0.west - 2.35) < 1e-9 && abs($0.north - 48.85) < 1e-9 } == true)
        #expect(throws: GeoJSONSourceError.unreadable(file: "/nonexistent.geojson")) {
            try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .url("/nonexistent.geojson"), fileURL: URL(fileURLWithPath: "/nonexistent.geojson")))
        }
        #expect(throws: GeoJSONSourceError.notLocal(url: "https://example.com/x.geojson")) {
            try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .url("https://example.com/x.geojson")))
        }
        #expect(GeoJSONSourceError.notLocal(url: "https://example.com/x.geojson").description
                == "https://example.com/x.geojson: GeoJSON data must be inline or a local file")
    }

    /// A style with a GeoJSON source draws its features: the layers have no `source-layer`.
    @Test func rendersThroughTheStyle() throws {
        let style = try StyleDocument.parse(Data(#"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"c": "#00ff00"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[20, -20], [40, -20], [40, 20], [20, 20], [20, -20]]]}}
            ]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "white"}},
                        {"id": "f", "type": "fill", "source": "g", "paint": {"fill-color": "blue"}},
                        {"id": "c", "type": "circle", "source": "g", "source-layer": "ignored", "paint": {"circle-radius": 5, "circle-color": ["get", "c"]}}]}
            """#.utf8), baseURL: nil, fileName: "test.json")
        guard case .geojson(let definition)? = style.sources["g"] else { Issue.record("no geojson source"); return }
        let renderer = MapRenderer(style: style, sources: ["g": try GeoJSONVectorSource(definition: definition)])
        let image = try renderer.render(Camera(center: LatLon(0, 0), zoom: 1, size: ImageSize(width: 200, height: 100)))
        let circle = image.rgba(x: 100, y: 50), square = image.rgba(x: 185, y: 50), outside = image.rgba(x: 60, y: 50)
        #expect(circle.r == 0 && circle.g == 255 && circle.b == 0)
        #expect(square.r == 0 && square.g == 0 && square.b == 255)
        #expect(outside.r == 255 && outside.g == 255 && outside.b == 255)
    }

    /// A circle drawn once per point: a point on a tile corner is in four tiles' buffers but only
    /// one tile's extent, so its anti-aliased rim is not darkened by drawing it four times.
    @Test func pointsInATilesBufferAreDrawnOnce() throws {
        let style = try StyleDocument.parse(Data(#"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "c", "type": "circle", "source": "g", "paint": {"circle-radius": 10, "circle-color": "black", "circle-opacity": 0.5}}]}
            """#.utf8), baseURL: nil, fileName: "test.json")
        guard case .geojson(let definition)? = style.sources["g"] else { Issue.record("no geojson source"); return }
        let renderer = MapRenderer(style: style, sources: ["g": try GeoJSONVectorSource(definition: definition)])
        let image = try renderer.render(Camera(center: LatLon(0, 0), zoom: 3, size: ImageSize(width: 64, height: 64)))
        #expect(image.rgba(x: 32, y: 32).a == 128)
    }
}
