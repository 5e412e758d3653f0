import Testing
import MapsnapFormats
@testable import MapsnapStyle
import MapsnapGeo

/// literal, get, has, properties, id, geometry-type, zoom, let/var, typeof.
@Suite struct LookupExpressionTests {
    static let feature: [String: FeatureValue] = ["name": .string("Oslo"), "rank": .number(2), "capital": .bool(true)]

    @Test(arguments: [
        (#"["literal", [1, 2]]"#, json("[1, 2]")),
        (#"["literal", {"a": 1}]"#, json(#"{"a": 1}"#)),
        (#"["get", "name"]"#, .string("Oslo")),
        (#"["get", "missing"]"#, .null),
        (#"["get", "rank"]"#, .number(2)),
        (#"["get", "a", ["literal", {"a": 5}]]"#, .number(5)),
        (#"["get", "b", ["literal", {"a": 5}]]"#, .null),
        (#"["get", ["concat", "na", "me"]]"#, .string("Oslo")),
        (#"["has", "capital"]"#, .bool(true)),
        (#"["has", "missing"]"#, .bool(false)),
        (#"["has", "a", ["literal", {"a": null}]]"#, .bool(true)),
        (#"["get", "rank", ["properties"]]"#, .number(2)),
        (#"["id"]"#, .number(42)),
        (#"["geometry-type"]"#, .string("LineString")),
        (#"["zoom"]"#, .number(7.5)),
        (#"["let", "a", 2, "b", ["+", ["var", "a"], 1], ["*", ["var", "a"], ["var", "b"]]]"#, .number(6)),
        (#"["let", "r", ["get", "rank"], ["var", "r"]]"#, .number(2)),
        (#"["typeof", ["get", "name"]]"#, .string("string")),
        (#"["typeof", ["literal", [1, 2]]]"#, .string("array<number, 2>")),
        (#"["typeof", ["zoom"]]"#, .string("number")),
    ] as [(String, StyleValue)])
    func evaluates(expression: String, expected: StyleValue) {
        #expect(evaluate(expression, zoom: 7.5, Self.feature, type: .lineString, id: .number(42)) == expected)
    }

    @Test(arguments: [
        (#"["get", "x"]"#, true, false),
        (#"["zoom"]"#, false, true),
        (#"["literal", 3]"#, false, false),
        (#"["+", 1, 2]"#, false, false),
        (#"["get", "a", ["literal", {"a": 1}]]"#, false, false),
        (#"["let", "z", ["get", "x"], ["var", "z"]]"#, true, false),
        (#"["let", "z", ["get", "x"], 1]"#, true, false),
        (#"["interpolate", ["linear"], ["zoom"], 0, ["get", "a"], 10, 1]"#, true, true),
    ])
    func dependencies(expression: String, feature: Bool, zoom: Bool) throws {
        let parsed = try #require(parseExpression(expression, expected: .number).expression)
        #expect(parsed.dependsOnFeature == feature)
        #expect(parsed.dependsOnZoom == zoom)
    }

    /// Constant sub-expressions are folded at parse time.
    @Test func foldsConstants() throws {
        let parsed = try #require(parseExpression(#"["+", 1, ["*", 2, 3]]"#).expression)
        #expect((parsed as? Literal)?.value == .number(7))
        let color = try #require(parseExpression(#""red""#, expected: .color).expression)
        #expect((color as? Literal)?.value == .color(Color(r: 1, g: 0, b: 0)))
    }

    @Test(arguments: [
        (#"["get"]"#, "e", "Expected 1 or 2 arguments, but found 0 instead."),
        (#"["get", 1]"#, "e[1]", "Expected string but found number instead."),
        (#"["get", "x", {"x": 1}]"#, "e[2]", "Bare objects invalid. Use [\"literal\", {...}] instead."),
        (#"["literal"]"#, "e", "'literal' expression requires exactly one argument, but found 0 instead."),
        (#"["var", "nope"]"#, "e[1]", "Unknown variable \"nope\". Make sure \"nope\" has been bound in an enclosing \"let\" expression."),
        (#"["let", "a-b", 1, ["var", "a-b"]]"#, "e[1]", "Variable names must contain only alphanumeric characters or '_'."),
        (#"["zoom", 1]"#, "e", "Expected 0 arguments, but found 1 instead."),
        (#"["nope", 1]"#, "e[0]", "Unknown expression \"nope\". If you wanted a literal array, use [\"literal\", [...]]."),
        (#"[1, 2]"#, "e[0]", "Expression name must be a string, but found number instead. If you wanted a literal array, use [\"literal\", [...]]."),
        (#"[]"#, "e", "Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []]."),
        (#"["+", 1, ["get", "x", ["get", "y", 3]]]"#, "e[2][2][2]", "Expected object but found number instead."),
    ])
    func parseErrors(expression: String, path: String, message: String) {
        let parsed = parseExpression(expression)
        #expect(parsed.expression == nil)
        #expect(parsed.errors == [StyleIssue(path: path, message: message)])
    }

    @Test func unsupportedOperatorsAreNotErrors() {
        let parsed = parseExpression(#"["global-state", "hover"]"#)
        #expect(parsed.expression == nil)
        #expect(parsed.errors.isEmpty)
        #expect(parsed.warnings == ["global-state"])
    }
}
