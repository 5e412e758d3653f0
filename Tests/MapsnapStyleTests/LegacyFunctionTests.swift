import Testing
import MapsnapFormats
@testable import MapsnapStyle

/// `{"stops": ...}` functions through real layer properties.
@Suite struct LegacyFunctionTests {
    static func line(_ paint: String, layout: String = "{}") throws -> LineLayer {
        let result = parseStyle(layers: #"[{"id": "l", "type": "line", "source": "v", "source-layer": "x", "paint": \#(paint), "layout": \#(layout)}]"#)
        let style = try result.get()
        guard case .line(let line) = style.layers[0].kind else { throw StyleError.invalid(file: "", issues: []) }
        return line
    }

    @Test(arguments: [
        (#"{"stops": [[10, 1], [20, 11]]}"#, 5.0, 1.0),
        (#"{"stops": [[10, 1], [20, 11]]}"#, 15.0, 6.0),
        (#"{"stops": [[10, 1], [20, 11]]}"#, 30.0, 11.0),
        (#"{"base": 2, "stops": [[0, 0], [2, 3]]}"#, 1.0, 1.0),
        (#"{"type": "interval", "stops": [[0, 1], [5, 2], [10, 3]]}"#, 7.0, 2.0),
        (#"{"type": "interval", "stops": [[0, 1], [5, 2], [10, 3]]}"#, -1.0, 1.0),
        (#"{"stops": [[12, 2]]}"#, 3.0, 2.0),
    ])
    func zoomFunctions(function: String, zoom: Double, expected: Double) throws {
        let width = try Self.line(#"{"line-width": \#(function)}"#).width
        #expect(width.dependsOnFeature == false)
        #expect(width.dependsOnZoom)
        #expect(abs(width.evaluate(zoom: zoom, feature: nil) - expected) < 1e-9)
    }

    @Test(arguments: [
        (#"{"property": "rank", "stops": [[0, 1], [10, 11]]}"#, MockFeature(["rank": .number(5)]), 6.0),
        (#"{"property": "rank", "stops": [[0, 1], [10, 11]]}"#, MockFeature(["rank": .string("5")]), 1.0),   // spec default
        (#"{"property": "rank", "stops": [[0, 1], [10, 11]], "default": 4}"#, MockFeature(), 4.0),
        (#"{"property": "class", "type": "categorical", "stops": [["primary", 3], ["minor", 1]]}"#, MockFeature(["class": .string("primary")]), 3.0),
        (#"{"property": "class", "type": "categorical", "stops": [["primary", 3]], "default": 0.5}"#, MockFeature(["class": .string("path")]), 0.5),
        (#"{"property": "lanes", "type": "categorical", "stops": [[1, 2], [2, 4]]}"#, MockFeature(["lanes": .number(2)]), 4.0),
        (#"{"property": "w", "type": "identity"}"#, MockFeature(["w": .number(2.5)]), 2.5),
        (#"{"property": "w", "type": "identity"}"#, MockFeature(["w": .string("x")]), 1.0),
        (#"{"property": "rank", "type": "interval", "stops": [[0, 1], [3, 2]]}"#, MockFeature(["rank": .number(3)]), 2.0),
    ])
    func propertyFunctions(function: String, feature: MockFeature, expected: Double) throws {
        let width = try Self.line(#"{"line-width": \#(function)}"#).width
        #expect(width.dependsOnFeature)
        #expect(abs(width.evaluate(zoom: 10, feature: feature) - expected) < 1e-9)
    }

    @Test func zoomAndPropertyFunction() throws {
        let function = #"{"property": "rank", "stops": [[{"zoom": 0, "value": 0}, 0], [{"zoom": 0, "value": 10}, 10], [{"zoom": 10, "value": 0}, 100], [{"zoom": 10, "value": 10}, 200]]}"#
        let width = try Self.line(#"{"line-width": \#(function)}"#).width
        #expect(width.dependsOnFeature && width.dependsOnZoom)
        let feature = MockFeature(["rank": .number(5)])
        #expect(width.evaluate(zoom: 0, feature: feature) == 5)
        #expect(width.evaluate(zoom: 10, feature: feature) == 150)
        #expect(width.evaluate(zoom: 5, feature: feature) == 77.5)
    }

    @Test func colorStops() throws {
        let color = try Self.line(##"{"line-color": {"stops": [[0, "#000000"], [10, "#ffffff"]]}}"##).color
        #expect(color.evaluate(zoom: 5, feature: nil) == Color(r: 0.5, g: 0.5, b: 0.5, a: 1))
        let stepped = try Self.line(#"{"line-color": {"type": "interval", "stops": [[0, "red"], [10, "blue"]]}}"#).color
        #expect(stepped.evaluate(zoom: 12, feature: nil) == Color(r: 0, g: 0, b: 1, a: 1))
    }

    /// Enum and array properties are not interpolatable: their functions default to interval.
    @Test func nonInterpolatableDefaultsToInterval() throws {
        let line = try Self.line(#"{"line-dasharray": {"stops": [[10, [2, 2]], [14, [1, 0]]]}}"#,
                                 layout: #"{"line-cap": {"stops": [[10, "butt"], [14, "round"]]}}"#)
        #expect(line.dasharray?.evaluate(zoom: 13.9, feature: nil) == [2, 2])
        #expect(line.dasharray?.evaluate(zoom: 14, feature: nil) == [1, 0])
        #expect(line.cap.evaluate(zoom: 12, feature: nil) == .butt)
        #expect(line.cap.evaluate(zoom: 15, feature: nil) == .round)
    }

    @Test(arguments: [
        (#"{"line-width": {"stops": [[10, "wide"]]}}"#, "layers[0].paint.line-width.stops[0][1]", "expected a number, got \"wide\""),
        (#"{"line-width": {"stops": [[10, 1], [5, 2]]}}"#, "layers[0].paint.line-width.stops[1][0]", "stop zoom values must appear in ascending order"),
        (#"{"line-width": {"stops": []}}"#, "layers[0].paint.line-width.stops", "expected at least one stop"),
        (#"{"line-width": {"base": 2}}"#, "layers[0].paint.line-width", "missing required property \"stops\""),
        (#"{"line-width": {"type": "linear", "stops": [[1, 1]]}}"#, "layers[0].paint.line-width.type", "expected one of \"identity\", \"exponential\", \"interval\", \"categorical\", got \"linear\""),
        (#"{"line-color": {"stops": [[1, "nope"]]}}"#, "layers[0].paint.line-color.stops[0][1]", "expected a color, got \"nope\""),
        (#"{"line-dasharray": {"type": "exponential", "stops": [[1, [1, 1]]]}}"#, "layers[0].paint.line-dasharray.type", "exponential functions are not supported for this property"),
        (#"{"line-width": {"property": "c", "type": "categorical", "stops": [["a", 1], [2, 2]]}}"#, "layers[0].paint.line-width.stops[1][0]", "stop domain value types must match"),
    ])
    func errors(paint: String, path: String, message: String) {
        let result = parseStyle(layers: #"[{"id": "l", "type": "line", "source": "v", "source-layer": "x", "paint": \#(paint)}]"#)
        #expect(throws: StyleError.invalid(file: "test.json", issues: [StyleIssue(path: path, message: message)])) { try result.get() }
    }
}
