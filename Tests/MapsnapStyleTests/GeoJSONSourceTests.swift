import Foundation
import Testing
@testable import MapsnapStyle

/// `geojson` entries of a style's `sources`: data, tiling options, errors and warnings.
@Suite struct GeoJSONSourceTests {
    static func sources(_ json: String) -> Result<StyleDocument, StyleError> {
        do {
            return .success(try StyleDocument.parse(Data(#"{"version": 8, "sources": {"g": \#(json)}, "layers": []}"#.utf8),
                                                    baseURL: URL(fileURLWithPath: "/styles"), fileName: "test.json"))
        } catch {
            return .failure(error)
        }
    }

    static func definition(_ json: String) throws -> GeoJSONSourceDefinition {
        guard case .geojson(let definition)? = try sources(json).get().sources["g"] else { throw StyleError.unreadable(file: "", reason: "no source") }
        return definition
    }

    @Test func defaultsAreTheSpecs() throws {
        let d = try Self.definition(#"{"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}"#)
        #expect(d.maxZoom == 18)
        #expect(d.buffer == 128)
        #expect(d.tolerance == 0.375)
        #expect(d.generateId == false)
        #expect(d.fileURL == nil)
    }

    @Test func tilingOptions() throws {
        let d = try Self.definition(#"{"type": "geojson", "data": "data/places.geojson", "maxzoom": 14, "buffer": 64, "tolerance": 1, "generateId": true, "attribution": "© me"}"#)
        #expect((d.maxZoom, d.buffer, d.tolerance, d.generateId) == (14, 64, 1, true))
        #expect(d.attribution == "© me")
        #expect(d.fileURL?.path == "/styles/data/places.geojson")
        #expect(try Self.definition(#"{"type": "geojson", "data": "file:///tmp/x.geojson"}"#).fileURL?.path == "/tmp/x.geojson")
        #expect(try Self.definition(#"{"type": "geojson", "data": "https://example.com/x.geojson"}"#).fileURL == nil)
    }

    @Test func errorsNameThePath() {
        let cases: [(String, String)] = [
            (#"{"type": "geojson"}"#, #"sources.g: missing required property "data""#),
            (#"{"type": "geojson", "data": 3}"#, "sources.g.data: expected a GeoJSON object or a URL, got 3"),
            (#"{"type": "geojson", "data": {"type": "Circle"}}"#,
             #"sources.g.data.type: expected a GeoJSON type (Feature, FeatureCollection, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon), got "Circle""#),
            (#"{"type": "geojson", "data": {}, "buffer": 600}"#, ""),
            (#"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}, "buffer": 600}"#,
             "sources.g.buffer: expected a number between 0 and 512, got 600"),
            (#"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}, "generateId": "yes"}"#,
             #"sources.g.generateId: expected a boolean, got "yes""#),
            // Hostile promoteId and scheme values, on either kind of source.
            (#"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}, "promoteId": 1e308}"#,
             "sources.g.promoteId: expected a property name or an object of source layer → property name, got 1e+308"),
            (#"{"type": "vector", "tiles": ["t/{z}/{x}/{y}.pbf"], "promoteId": {"roads": ["name"]}}"#,
             #"sources.g.promoteId: expected a property name or an object of source layer → property name, got {"roads":["name"]}"#),
            (#"{"type": "vector", "tiles": ["t/{z}/{x}/{y}.pbf"], "scheme": "zxy"}"#, #"sources.g.scheme: expected "xyz" or "tms", got "zxy""#),
        ]
        for (json, message) in cases {
            guard case .failure(.invalid(_, let issues)) = Self.sources(json) else { Issue.record("\(json) parsed"); continue }
            if !message.isEmpty { #expect(issues.first?.description == message) }
        }
    }

    @Test func unsupportedOptionsWarn() throws {
        let style = try Self.sources(#"{"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}, "cluster": true, "promoteId": "id", "filter": ["==", 1, 1]}"#).get()
        #expect(style.warnings.map(\.description) == [
            "sources.g.cluster: clustering is not supported; every point is drawn",
            #"sources.g.filter: "filter" is not supported for GeoJSON sources; ignored"#,
        ])
        // `promoteId` is read: the property that identifies features for their state.
        guard case .geojson(let definition)? = style.sources["g"] else { Issue.record("not geojson"); return }
        #expect(definition.promoteID?.property(forLayer: "") == "id")
    }
}
