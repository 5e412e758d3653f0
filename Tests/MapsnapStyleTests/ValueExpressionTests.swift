import Testing
import MapsnapFormats
@testable import MapsnapStyle

/// Arithmetic and math; strings; type assertions and conversions; colours.
@Suite struct ValueExpressionTests {
    @Test(arguments: [
        (#"["+", 1, 2, 3]"#, 6.0), (#"["-", 10, 4]"#, 6.0), (#"["-", 3]"#, -3.0), (#"["*", 2, 3, 4]"#, 24.0),
        (#"["/", 9, 2]"#, 4.5), (#"["%", 7, 3]"#, 1.0), (#"["%", -7, 3]"#, -1.0), (#"["^", 2, 10]"#, 1024.0),
        (#"["min", 3, 1, 2]"#, 1.0), (#"["max", 3, 1, 2]"#, 3.0), (#"["abs", -2.5]"#, 2.5),
        (#"["round", 2.5]"#, 3.0), (#"["round", -2.5]"#, -3.0), (#"["round", 2.4]"#, 2.0),
        (#"["floor", -1.5]"#, -2.0), (#"["ceil", 1.2]"#, 2.0), (#"["sqrt", 16]"#, 4.0),
        (#"["ln", ["e"]]"#, 1.0), (#"["log10", 1000]"#, 3.0), (#"["log2", 8]"#, 3.0), (#"["pi"]"#, Double.pi),
        (#"["*", ["get", "n"], 2]"#, 6.0), (#"["length", "héllo"]"#, 5.0), (#"["length", ["literal", [1, 2, 3]]]"#, 3.0),
        (#"["index-of", "b", ["literal", ["a", "b"]]]"#, 1.0), (#"["index-of", "lo", "hello"]"#, 3.0),
        (#"["index-of", "z", "hello"]"#, -1.0), (#"["at", 1, ["literal", [5, 6, 7]]]"#, 6.0),
        (#"["to-number", "12.5"]"#, 12.5), (#"["to-number", ["get", "missing"]]"#, 0.0), (#"["to-number", true]"#, 1.0),
        (#"["to-number", "x", "0x10"]"#, 16.0), (#"["number", ["get", "s"], 7]"#, 7.0),
    ])
    func numbers(expression: String, expected: Double) throws {
        let value = try #require(evaluate(expression, ["n": .number(3), "s": .string("x")]).numberValue)
        #expect(abs(value - expected) < 1e-12)
    }

    @Test(arguments: [
        (#"["concat", "a", 1, true, ["get", "missing"]]"#, "a1true"),
        (#"["concat"]"#, ""),
        (#"["upcase", "straße"]"#, "STRASSE"),
        (#"["downcase", "ÀB"]"#, "àb"),
        (#"["slice", "hello", 1, 3]"#, "el"),
        (#"["slice", "hello", -3]"#, "llo"),
        // NaN bounds read as 0, as in JavaScript (they trapped: fuzz regression expression/slice-nan-start).
        (#"["slice", "hello", ["/", 0, 0]]"#, "hello"),
        (#"["slice", "hello", 1, ["/", 0, 0]]"#, ""),
        (#"["to-string", 1.5]"#, "1.5"),
        (#"["to-string", 100]"#, "100"),
        (#"["to-string", ["to-color", "red"]]"#, "rgba(255,0,0,1)"),
        (#"["to-string", ["literal", [1, "a"]]]"#, "[1,\"a\"]"),
        (#"["to-string", ["get", "missing"]]"#, ""),
        (#"["string", ["get", "n"], "fallback"]"#, "fallback"),
        (#"["format", "Main ", {"font-scale": 0.8}, ["get", "n"], {"text-font": ["literal", ["Noto Sans Bold"]]}]"#, "Main 3"),
        (#"["number-format", 1234.5678, {"max-fraction-digits": 2}]"#, "1,234.57"),
        (#"["number-format", 3, {"min-fraction-digits": 2}]"#, "3.00"),
        (#"["number-format", -0.5, {}]"#, "-0.5"),
        (#"["image", ["concat", "star", "_11"]]"#, "star_11"),
        (#"["typeof", ["get", "n"]]"#, "number"),
    ])
    func strings(expression: String, expected: String) {
        #expect(evaluate(expression, ["n": .number(3)]) == .string(expected))
    }

    @Test(arguments: [
        (#"["to-boolean", 0]"#, false), (#"["to-boolean", "x"]"#, true), (#"["to-boolean", ""]"#, false),
        (#"["to-boolean", ["get", "missing"]]"#, false), (#"["boolean", ["get", "b"]]"#, true),
    ])
    func booleans(expression: String, expected: Bool) {
        #expect(evaluate(expression, ["b": .bool(true)]) == .bool(expected))
    }

    @Test(arguments: [
        (#"["rgb", 255, 0, 0]"#, Color(r: 1, g: 0, b: 0)),
        (#"["rgba", 0, 0, 255, 0.5]"#, Color(r: 0, g: 0, b: 1, a: 0.5)),
        (##"["to-color", "#00ff00"]"##, Color(r: 0, g: 1, b: 0)),
        (#"["to-color", ["get", "bad"], "blue"]"#, Color(r: 0, g: 0, b: 1)),
        (#"["to-color", ["literal", [255, 255, 255]]]"#, Color.white),
    ])
    func colors(expression: String, expected: Color) {
        #expect(evaluate(expression, ["bad": .string("nope")]) == .color(expected))
    }

    @Test func toRGBA() {
        #expect(evaluate(#"["to-rgba", ["to-color", "rgba(255, 0, 0, 0.5)"]]"#) == json("[255, 0, 0, 0.5]"))
    }

    @Test(arguments: [
        (#"["to-color", ["get", "s"]]"#, "error: Could not parse color from value 'x'"),
        (#"["rgb", ["get", "n"], 0, 300]"#, "error: Invalid rgba value [3, 0, 300]: 'r', 'g', and 'b' must be between 0 and 255."),
        (#"["rgba", 0, 0, 0, ["get", "n"]]"#, "error: Invalid rgba value [0, 0, 0, 3]: 'a' must be between 0 and 1."),
        (#"["to-number", ["get", "s"]]"#, "error: Could not convert \"x\" to number."),
        (#"["number", ["get", "s"]]"#, "error: Expected value to be of type number, but found string instead."),
        (#"["array", "number", 2, ["literal", [1, 2, 3]]]"#, "error: Expected value to be of type array<number, 2>, but found array<number, 3> instead."),
        (#"["at", 5, ["literal", [1, 2]]]"#, "error: Array index out of bounds: 5 > 1."),
        (#"["at", -1, ["literal", [1, 2]]]"#, "error: Array index out of bounds: -1 < 0."),
        (#"["at", 0.5, ["literal", [1, 2]]]"#, "error: Array index must be an integer, but found 0.5 instead."),
        (#"["error", "boom"]"#, "error: boom"),
    ])
    func runtimeErrors(expression: String, expected: String) {
        let parsed = parseExpression(expression)
        let value = parsed.value(MockFeature(["s": .string("x"), "n": .number(3)]))
        if parsed.expression != nil {
            #expect(value == .string(expected))
        } else {
            // Constant inputs fail while folding at parse time, with the same message.
            #expect(parsed.errors.map(\.message) == [String(expected.dropFirst("error: ".count))])
        }
    }

    @Test(arguments: [
        (#"["+", 1, "a"]"#, "e[2]", "Expected number but found string instead."),
        (#"["/", 1]"#, "e", "Expected 2 arguments, but found 1 instead."),
        (#"["-", 1, 2, 3]"#, "e", "Expected 1 or 2 arguments, but found 3 instead."),
        (#"["to-string", 1, 2]"#, "e", "Expected one argument."),
        (#"["number"]"#, "e", "Expected at least one argument."),
        (#"["array", "color", ["get", "x"]]"#, "e[1]", "The item type argument of \"array\" must be one of string, number, boolean"),
        (#"["upcase", 1]"#, "e[1]", "Expected string but found number instead."),
        (#"["rgb", 1, 2]"#, "e", "Expected 3 arguments, but found 2 instead."),
        (#"["to-color", "nope"]"#, "e", "Could not parse color from value 'nope'"),
    ])
    func parseErrors(expression: String, path: String, message: String) {
        #expect(parseExpression(expression).errors == [StyleIssue(path: path, message: message)])
    }
}

extension ValueExpressionTests {
    /// As a plain value, rich text is its text: image sections add nothing to it.
    @Test func formatAsAValueIsItsText() {
        #expect(evaluate(#"["format", ["image", "shield"], {}, "A1"]"#) == .string("A1"))
    }

    /// MapLibre's rule: scripts that need complex shaping (Indic, Sinhala, Tibetan, Myanmar,
    /// Khmer) are not supported by glyph PBFs; Latin, CJK and right-to-left text are.
    @Test func isSupportedScript() {
        #expect(evaluate(#"["is-supported-script", "देवनागरी"]"#) == .bool(false))
        #expect(evaluate(#"["is-supported-script", "سلام Roma 東京"]"#) == .bool(true))
        #expect(evaluate(#"["is-supported-script", ["get", "n"]]"#, ["n": .string("ខ្មែរ")]) == .bool(false))
    }

    @Test func verticalAlignMustBeOneOfItsValues() {
        #expect(parseExpression(#"["format", "a", {"vertical-align": "middle"}]"#).errors.map(\.message)
                == ["'vertical-align' must be one of: 'bottom', 'center', 'top' but found 'middle' instead."])
        #expect(parseExpression(#"["format", "a", {"vertical-align": "top"}]"#).errors.isEmpty)
    }
}
