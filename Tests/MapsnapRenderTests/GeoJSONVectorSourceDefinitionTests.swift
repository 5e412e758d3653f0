import Foundation
import MapsnapKit
import Testing
@testable import MapsnapRender
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// A style's GeoJSON source opened from its definition and drawn.
@Suite struct GeoJSONVectorSourceDefinitionTests {
    /// A style's source: inline data or a local file; remote URLs are refused.
    @Test func definitionsOpenTheirData() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type": "Point", "coordinates": [2.35, 48.85]}"#.utf8).write(to: file)
        let source = try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .url(file.lastPathComponent), fileURL: file, maxZoom: 12))
        #expect(source.maxZoom == 12)
        #expect(source.featureCount == 1)
        let inline = try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .inline(["type": "Point", "coordinates": [1, 2]])))
        #expect(inline.featureCount == 1)
        #expect(throws: GeoJSONSourceError.invalid(file: "inline data", GeoJSONError(path: "coordinates", .unexpectedValue(expected: "a position [lon, lat]", got: "[1]")))) {
            try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .inline(["type": "Point", "coordinates": [1]])))
        }
        #expect(throws: GeoJSONSourceError.unreadable(.missing("/nonexistent.geojson"))) {
            try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .url("/nonexistent.geojson"), fileURL: URL(fileURLWithPath: "/nonexistent.geojson")))
        }
        #expect(throws: GeoJSONSourceError.notLocal(url: "https://example.com/x.geojson")) {
            try GeoJSONVectorSource(definition: GeoJSONSourceDefinition(data: .url("https://example.com/x.geojson")))
        }
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

    /// line-gradient over a line that crosses tiles: each tile's piece knows where it lies along the
    /// whole line (lineMetrics), so the colour runs once from red to blue across the image.
    @Test(arguments: [true, false])
    func lineGradientSpansTheWholeLine(lineMetrics: Bool) throws {
        let style = try StyleDocument.parse(Data(#"""
            {"version": 8, "sources": {"g": {"type": "geojson", "lineMetrics": \#(lineMetrics),
               "data": {"type": "LineString", "coordinates": [[-80, 0], [80, 0]]}}},
             "layers": [{"id": "l", "type": "line", "source": "g",
                         "paint": {"line-width": 10, "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "red", 1, "blue"]}}]}
            """#.utf8), baseURL: nil, fileName: "test.json")
        guard case .geojson(let definition)? = style.sources["g"] else { Issue.record("no geojson source"); return }
        #expect(definition.lineMetrics == lineMetrics)
        let renderer = MapRenderer(style: style, sources: ["g": try GeoJSONVectorSource(definition: definition)])
        let warnings = WarningLog()
        let image = try renderer.render(Camera(center: LatLon(0, 0), zoom: 1, size: ImageSize(width: 512, height: 64)), warnings: warnings)
        let west = image.rgba(x: 50, y: 32), middle = image.rgba(x: 256, y: 32), east = image.rgba(x: 462, y: 32)
        if lineMetrics {
            #expect(west.r > 230 && west.b < 25, "\(west)")
            #expect(abs(Int(middle.r) - 128) < 12 && abs(Int(middle.b) - 128) < 12, "\(middle)")
            #expect(east.b > 230 && east.r < 25, "\(east)")
            #expect(warnings.messages.isEmpty)
        } else {
            // Without lineMetrics the pieces do not know their place: said once, drawn per piece.
            #expect(warnings.messages.contains { $0.contains("lineMetrics") })
        }
    }
}
