import Testing
@testable import MapsnapStyle
import MapsnapGeo

/// ==, !=, <, <=, >, >=, !, all, any, in, case, match, coalesce.
@Suite struct DecisionExpressionTests {
    static let feature: [String: FeatureValue] = ["class": .string("primary"), "rank": .number(3), "oneway": .bool(true), "n": .string("3")]

    @Test(arguments: [
        (#"["==", ["get", "class"], "primary"]"#, true),
        (#"["==", ["get", "rank"], 3]"#, true),
        (#"["==", ["get", "n"], 3]"#, false),
        (#"["==", ["get", "missing"], null]"#, true),
        (#"["!=", ["get", "class"], "primary"]"#, false),
        (#"["!=", ["get", "missing"], 1]"#, true),
        (#"["<", ["get", "rank"], 4]"#, true),
        (#"["<=", ["get", "rank"], 3]"#, true),
        (#"[">", ["get", "rank"], 3]"#, false),
        (#"[">=", ["get", "rank"], 3]"#, true),
        (#"["<", "abc", "abd"]"#, true),
        (#"[">", ["get", "class"], "motorway"]"#, true),
        (#"["==", "a", "A", ["collator", {"case-sensitive": false}]]"#, true),
        (#"["!", ["get", "oneway"]]"#, false),
        (#"["all"]"#, true),
        (#"["all", true, ["==", ["get", "rank"], 3]]"#, true),
        (#"["all", false, ["error", "not evaluated"]]"#, false),
        (#"["any"]"#, false),
        (#"["any", false, ["get", "oneway"]]"#, true),
        (#"["any", true, ["error", "not evaluated"]]"#, true),
        (#"["in", ["get", "class"], ["literal", ["primary", "secondary"]]]"#, true),
        (#"["in", ["get", "rank"], ["literal", ["3"]]]"#, false),
        (#"["in", "ima", ["get", "class"]]"#, true),
        (#"["in", "x", ["get", "missing"]]"#, false),
    ])
    func booleans(expression: String, expected: Bool) {
        #expect(evaluate(expression, Self.feature) == .bool(expected))
    }

    @Test(arguments: [
        (#"["<", ["get", "class"], ["get", "rank"]]"#, "error: Expected arguments for \"<\" to be (string, string) or (number, number), but found (string, number) instead."),
        (#"["<", ["string", ["get", "class"]], ["get", "rank"]]"#, "error: Expected value to be of type string, but found number instead."),
        (#"["<", ["get", "n"], 2]"#, "error: Expected value to be of type number, but found string instead."),
        (#"[">", ["get", "class"], ["to-number", ["get", "rank"]], ["get", "rank"]]"#, "parse"),
        (#"["!", ["get", "class"]]"#, "error: Expected value to be of type boolean, but found string instead."),
    ])
    func runtimeErrors(expression: String, expected: String) {
        let value = evaluate(expression, Self.feature)
        if expected == "parse" {
            #expect(value.stringValue?.hasPrefix("parse failed") == true)
        } else {
            #expect(value == .string(expected))
        }
    }

    @Test(arguments: [
        (#"["case", ["==", ["get", "rank"], 1], "one", ["==", ["get", "rank"], 3], "three", "other"]"#, StyleValue.string("three")),
        (#"["case", false, 1, 2]"#, .number(2)),
        (#"["match", ["get", "class"], "motorway", 1, ["primary", "secondary"], 2, 0]"#, .number(2)),
        (#"["match", ["get", "rank"], [1, 2], "low", 3, "three", "high"]"#, .string("three")),
        (#"["match", ["get", "n"], 3, "number", "string fallback"]"#, .string("string fallback")),
        (#"["match", ["get", "missing"], "a", 1, 0]"#, .number(0)),
        (#"["coalesce", ["get", "missing"], ["get", "class"], "x"]"#, .string("primary")),
        (#"["coalesce", ["get", "missing"], ["get", "gone"]]"#, .null),
    ])
    func branching(expression: String, expected: StyleValue) {
        #expect(evaluate(expression, Self.feature) == expected)
    }

    @Test(arguments: [
        (#"["==", ["string", ["get", "x"]], ["number", ["get", "y"]]]"#, "e", "Cannot compare types 'string' and 'number'."),
        (#"["<", true, false]"#, "e[1]", "\"<\" comparisons are not supported for type 'boolean'."),
        (#"["==", 1]"#, "e", "Expected two or three arguments."),
        (#"["case", true, 1]"#, "e", "Expected at least 3 arguments, but found only 2."),
        (#"["case", true, 1, false, 2]"#, "e", "Expected an odd number of arguments."),
        (#"["case", 1, 1, 2]"#, "e[1]", "Expected boolean but found number instead."),
        (#"["match", ["get", "x"], "a", 1, "a", 2, 0]"#, "e[4]", "Branch labels must be unique."),
        (#"["match", ["get", "x"], 1.5, 1, 0]"#, "e[2]", "Numeric branch labels must be integer values."),
        (#"["match", ["get", "x"], "a", 1, 2, 2, 0]"#, "e[4]", "Expected string but found number instead."),
        (#"["match", ["get", "x"], "a", 1, "b"]"#, "e[4]", "Expected number but found string instead."),
        (#"["in", "a"]"#, "e", "Expected 2 arguments, but found 1 instead."),
        (#"["all", 1]"#, "e[1]", "Expected boolean but found number instead."),
        (#"["coalesce"]"#, "e", "Expectected at least one argument."),
    ])
    func parseErrors(expression: String, path: String, message: String) {
        #expect(parseExpression(expression).errors == [StyleIssue(path: path, message: message)])
    }

    @Test func matchTypeFollowsOutputs() throws {
        let parsed = try #require(parseExpression(#"["match", ["get", "x"], "a", 1, 2]"#).expression)
        #expect(parsed.type == .number)
    }
}
