import Foundation
import MapsnapFormats
import Testing
@testable import MapsnapStyle

@Suite struct StyleValueTests {
    /// Style values are built from the one JSON parser's values.
    @Test func fromJSONValues() throws {
        let value: JSONValue = ["b": [1, "x", true, .null], "a": ["c": 2.5]]
        #expect(StyleValue(value) == .object(["a": .object(["c": .number(2.5)]), "b": .array([.number(1), .string("x"), .bool(true), .null])]))
        #expect(try StyleValue.parseJSON(#"{"b": [1, "x", true, null], "a": {"c": 2.5}}"#) == StyleValue(value))
    }

    /// 1 and true stay apart (they did not with JSONSerialization's NSNumbers on Linux).
    @Test func booleansAndNumbersStayApart() {
        #expect(json("[true, 1, false, 0, 1.0, 1.5, null]") == .array([
            .bool(true), .number(1), .bool(false), .number(0), .number(1), .number(1.5), .null,
        ]))
    }

    @Test(arguments: [
        ("null", "null"), ("1", "number"), ("\"a\"", "string"), ("true", "boolean"), ("{}", "object"),
        ("[1, 2]", "array<number, 2>"), ("[\"a\", 1]", "array<value, 2>"), ("[]", "array<value, 0>"),
    ])
    func typeNames(text: String, type: String) {
        #expect(json(text).type.description == type)
    }

    @Test(arguments: [
        ("null", ""), ("1", "1"), ("1.5", "1.5"), ("-0.25", "-0.25"), ("true", "true"), ("\"x\"", "x"),
        ("[1,\"a\",null]", "[1,\"a\",null]"), ("{\"b\":1,\"a\":[true]}", "{\"a\":[true],\"b\":1}"),
    ])
    func stringified(text: String, expected: String) {
        #expect(json(text).stringified == expected)
    }

    @Test(arguments: [
        (ValueType.array(.number, 2), "array<number, 2>"), (.array(.string, nil), "array<string>"),
        (.anyArray, "array"), (.value, "value"), (.color, "color"),
    ])
    func typeDescriptions(type: ValueType, text: String) {
        #expect(type.description == text)
    }

    @Test(arguments: [
        (ValueType.number, ValueType.number, nil),
        (.value, .number, nil),
        (.value, .array(.string, 3), nil),
        (.number, .string, "Expected number but found string instead."),
        (.array(.number, nil), .array(.number, 3), nil),
        (.array(.number, 2), .array(.number, 3), "Expected array<number, 2> but found array<number, 3> instead."),
        (.array(.string, nil), .array(.value, 0), nil),
        (.boolean, .error, nil),
    ] as [(ValueType, ValueType, String?)])
    func subtyping(expected: ValueType, actual: ValueType, message: String?) {
        #expect(expected.mismatch(actual) == message)
    }
}
