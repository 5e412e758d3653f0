import Foundation
import Testing
import MapsnapFormats
import MapsnapGeo
@testable import MapsnapStyle

/// `StyleEditor`: MapLibre's runtime-style calls on a style's JSON, refused where MapLibre refuses them.
@Suite struct StyleEditorTests {
    static let base = json(#"""
    {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}},
                               "v": {"type": "vector", "tiles": ["x/{z}/{x}/{y}.pbf"]}},
     "layers": [{"id": "bg", "type": "background"},
                {"id": "dots", "type": "circle", "source": "g", "paint": {"circle-color": "red"}}]}
    """#)

    @Test func propertiesFiltersAndZoomRanges() throws {
        var editor = try StyleEditor(style: Self.base)
        try editor.setProperty(layer: "dots", group: .paint, "circle-radius", .number(9))
        try editor.setProperty(layer: "dots", group: .paint, "circle-color", .null)   // back to its default
        try editor.setProperty(layer: "dots", group: .layout, "visibility", .string("none"))
        try editor.setFilter(layer: "dots", json(#"["==", "k", 1]"#))
        try editor.setLayerZoomRange(layer: "dots", minZoom: .number(2), maxZoom: .null)
        let dots = editor.style.objectValue?["layers"]?.arrayValue?[1].objectValue
        #expect(dots?["paint"] == json(#"{"circle-radius": 9}"#))
        #expect(dots?["layout"] == json(#"{"visibility": "none"}"#))
        #expect(dots?["filter"] == json(#"["==", "k", 1]"#))
        #expect(dots?["minzoom"] == .number(2) && dots?["maxzoom"] == nil)
        try editor.setFilter(layer: "dots", .null)
        #expect(editor.style.objectValue?["layers"]?.arrayValue?[1].objectValue?["filter"] == nil)
        #expect(throws: StyleEditError.noSuchLayer("nope")) { try editor.setProperty(layer: "nope", group: .paint, "x", .number(1)) }
    }

    @Test func layersAndSourcesAreCheckedAsMapLibreChecksThem() throws {
        var editor = try StyleEditor(style: Self.base)
        try editor.addLayer(json(#"{"id": "lines", "type": "line", "source": "v", "source-layer": "road"}"#), before: "dots")
        #expect(editor.layerIDs == ["bg", "lines", "dots"])
        #expect(throws: StyleEditError.layerExists("lines")) { try editor.addLayer(json(#"{"id": "lines", "type": "line", "source": "v"}"#)) }
        #expect(throws: StyleEditError.self) { try editor.addLayer(json(#"{"id": "x", "type": "line", "source": "missing"}"#)) }
        #expect(throws: StyleEditError.self) { try editor.addLayer(json(#"{"id": "x", "type": "line", "source": "v"}"#), before: "missing") }
        // A layer with its own source brings it, named after the layer.
        try editor.addLayer(json(#"{"id": "own", "type": "circle", "source": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 1]}}}"#))
        #expect(editor.style.objectValue?["sources"]?.objectValue?["own"] != nil)
        try editor.moveLayer("own", before: "bg")
        #expect(editor.layerIDs == ["own", "bg", "lines", "dots"])
        #expect(throws: StyleEditError.sourceInUse(source: "g", layer: "dots")) { try editor.removeSource("g") }
        try editor.removeLayer("dots")
        try editor.removeSource("g")
        #expect(throws: StyleEditError.noSuchSource("g")) { try editor.removeSource("g") }
        #expect(throws: StyleEditError.sourceExists("v")) { try editor.addSource("v", json(#"{"type": "vector", "tiles": []}"#)) }
        #expect(throws: StyleEditError.self) { try editor.addSource("w", json(#"{"tiles": []}"#)) }
    }

    @Test func aNewStyleBringsItsCameraOnlyWhileTheMapHasNotMoved() throws {
        var editor = try StyleEditor(style: json(#"{"version": 8, "sources": {}, "layers": []}"#))
        try editor.setStyle(json(#"{"version": 8, "zoom": 3, "center": [10, 20], "sources": {}, "layers": []}"#))
        #expect(editor.style.objectValue?["zoom"] == .number(3))
        // The camera has now moved (to the style's): a third style keeps it, as MapLibre keeps it.
        try editor.setStyle(json(#"{"version": 8, "zoom": 7, "sources": {}, "layers": []}"#))
        #expect(editor.style.objectValue?["zoom"] == .number(3))
        #expect(editor.style.objectValue?["center"] == json("[10, 20]"))
        editor.jump(zoom: .number(5), bearing: .number(90))
        #expect(editor.style.objectValue?["zoom"] == .number(5) && editor.style.objectValue?["bearing"] == .number(90))
        #expect(throws: StyleEditError.notAStyle(found: "array")) { try editor.setStyle(json("[]")) }
    }

    @Test func legacyRefLayersAreResolvedBeforeTheyAreChanged() throws {
        var editor = try StyleEditor(style: json(#"""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "a", "type": "symbol", "source": "g", "layout": {"icon-offset": [0, 0]}}, {"id": "b", "ref": "a"}]}
        """#))
        try editor.setProperty(layer: "b", group: .layout, "icon-offset", json("[0, 10]"))
        let layers = editor.style.objectValue?["layers"]?.arrayValue ?? []
        #expect(layers[0].objectValue?["layout"] == json(#"{"icon-offset": [0, 0]}"#))
        #expect(layers[1].objectValue?["layout"] == json(#"{"icon-offset": [0, 10]}"#))
        #expect(layers[1].objectValue?["type"] == .string("symbol") && layers[1].objectValue?["ref"] == nil)
    }

    @Test func imagesAreAddedUpdatedAndRemoved() throws {
        var editor = try StyleEditor(style: Self.base)
        let png = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3])
        try editor.addImage("m", StyleImage(png: png, pixelRatio: 2))
        #expect(throws: StyleEditError.imageExists("m")) { try editor.addImage("m", StyleImage(png: png)) }
        #expect(editor.images["m"]?.size.map { [$0.width, $0.height] } == [2, 3])
        var bigger = png
        bigger[19] = 9
        #expect(throws: StyleEditError.imageSizeChanged("m")) { try editor.updateImage("m", StyleImage(png: bigger)) }
        try editor.updateImage("m", StyleImage(png: png))
        #expect(editor.images["m"]?.pixelRatio == 2)   // the options stay the image's
        try editor.removeImage("m")
        #expect(throws: StyleEditError.noSuchImage("m")) { try editor.removeImage("m") }
    }

    @Test func featureStateIsKeptByTargetAndReadByTheExpression() throws {
        var editor = try StyleEditor(style: Self.base)
        try editor.setFeatureState(json(#"{"source": "g", "id": 1}"#), json(#"{"color": "red", "size": 3}"#))
        try editor.removeFeatureState(json(#"{"source": "g", "id": "1"}"#), key: "size")
        #expect(editor.featureStates.states(source: "g", sourceLayer: "") == ["1": ["color": .string("red")]])
        #expect(throws: StyleEditError.self) { try editor.setFeatureState(json(#"{"source": "v", "id": 1}"#), json("{}")) }  // no sourceLayer
        #expect(throws: StyleEditError.self) { try editor.setFeatureState(json(#"{"source": "g"}"#), json("{}")) }           // no id
        #expect(throws: StyleEditError.self) { try editor.removeFeatureState(json(#"{"source": "g"}"#), key: "color") }
        try editor.removeFeatureState(json(#"{"source": "g"}"#))
        #expect(editor.featureStates.isEmpty || editor.featureStates.states(source: "g", sourceLayer: "") == nil)

        let expression = parseExpression(#"["coalesce", ["feature-state", "color"], "blue"]"#)
        #expect(expression.errors.isEmpty && expression.warnings.isEmpty)
        #expect(expression.value(zoom: 0, MockFeature()) == .string("blue"))
        let stated = StatedFeature(state: ["color": .string("red")])
        #expect(try expression.expression?.evaluate(EvaluationContext(zoom: 0, feature: stated)) == .string("red"))
    }
}

private struct StatedFeature: Feature {
    var state: [String: FeatureValue]
    var geometryType: GeometryType { .point }
    var id: FeatureValue? { nil }
    func property(_ key: String) -> FeatureValue? { nil }
    var properties: [String: FeatureValue] { [:] }
    func state(_ key: String) -> FeatureValue? { state[key] }
}
