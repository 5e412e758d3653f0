import Testing
import MapsnapFormats
@testable import MapsnapStyle

/// interpolate (linear, exponential, cubic-bezier; numbers, colours, arrays) and step.
@Suite struct RampExpressionTests {
    @Test(arguments: [
        (#"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 11]"#, 5.0, 1.0),
        (#"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 11]"#, 15.0, 6.0),
        (#"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 11]"#, 25.0, 11.0),
        (#"["interpolate", ["exponential", 2], ["zoom"], 0, 0, 2, 3]"#, 1.0, 1.0),
        (#"["interpolate", ["exponential", 1], ["zoom"], 0, 0, 2, 4]"#, 1.0, 2.0),
        (#"["interpolate", ["cubic-bezier", 0, 0, 1, 1], ["zoom"], 0, 0, 10, 10]"#, 5.0, 5.0),
        (#"["interpolate", ["linear"], ["zoom"], 5, 42]"#, 1.0, 42.0),
        (#"["step", ["zoom"], 0, 5, 1, 10, 2]"#, 4.9, 0.0),
        (#"["step", ["zoom"], 0, 5, 1, 10, 2]"#, 5.0, 1.0),
        (#"["step", ["zoom"], 0, 5, 1, 10, 2]"#, 9.0, 1.0),
        (#"["step", ["zoom"], 0, 5, 1, 10, 2]"#, 12.0, 2.0),
        (#"["interpolate", ["linear"], ["get", "v"], 0, 0, 100, 1]"#, 0.0, 0.25),
    ])
    func numbers(expression: String, zoom: Double, expected: Double) throws {
        let value = try #require(evaluate(expression, zoom: zoom, ["v": .number(25)]).numberValue)
        #expect(abs(value - expected) < 1e-9)
    }

    @Test func cubicBezierEases() throws {
        let eased = try #require(evaluate(#"["interpolate", ["cubic-bezier", 0.42, 0, 1, 1], ["zoom"], 0, 0, 1, 1]"#, zoom: 0.5).numberValue)
        #expect(eased < 0.5 && eased > 0.2)
    }

    @Test func colors() {
        #expect(evaluate(#"["interpolate", ["linear"], ["zoom"], 0, "black", 10, "white"]"#, zoom: 5, expected: .color)
            == .color(Color(r: 0.5, g: 0.5, b: 0.5, a: 1)))
        #expect(evaluate(#"["interpolate", ["linear"], ["zoom"], 0, "rgba(255,0,0,0)", 10, "rgba(255,0,0,1)"]"#, zoom: 5, expected: .color)
            == .color(Color(r: 1, g: 0, b: 0, a: 0.5)))
        guard case .color(let lab) = evaluate(#"["interpolate-lab", ["linear"], ["zoom"], 0, "black", 10, "white"]"#, zoom: 5) else {
            Issue.record("not a colour")
            return
        }
        #expect(lab.r > 0.4 && lab.r < 0.5)  // perceptual middle grey is darker than 0.5
        guard case .color(let hcl) = evaluate(#"["interpolate-hcl", ["linear"], ["zoom"], 0, "red", 10, "red"]"#, zoom: 5) else {
            Issue.record("not a colour")
            return
        }
        #expect(abs(hcl.r - 1) < 0.01)
    }

    @Test func numberArrays() {
        #expect(evaluate(#"["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 10]], 10, ["literal", [10, 0]]]"#, zoom: 5)
            == json("[5, 5]"))
    }

    @Test func stepStrings() {
        #expect(evaluate(#"["step", ["zoom"], "circle-11", 8, "star-11"]"#, zoom: 9) == .string("star-11"))
    }

    @Test(arguments: [
        (#"["interpolate", ["linear"], ["zoom"], 0, 0, 0, 1]"#, "e[5]", "Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order."),
        (#"["interpolate", ["linear"], ["zoom"], 0, "a", 1, "b"]"#, "e", "Type string is not interpolatable."),
        (#"["interpolate", ["exponential", "2"], ["zoom"], 0, 0, 1, 1]"#, "e[1][1]", "Exponential interpolation requires a numeric base."),
        (#"["interpolate", ["quadratic"], ["zoom"], 0, 0, 1, 1]"#, "e[1][0]", "Unknown interpolation type quadratic"),
        (#"["interpolate", ["linear"], ["zoom"], 0]"#, "e", "Expected at least 4 arguments, but found only 3."),
        (#"["interpolate", ["linear"], ["zoom"], 0, ["get", "a"], 1, 2]"#, "e", "Type value is not interpolatable."),
        (#"["interpolate", ["linear"], ["zoom"], ["get", "x"], 0, 1, 1]"#, "e[3]", "Input/output pairs for \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values."),
        (#"["step", ["zoom"], 0, 3, 1, 3, 2]"#, "e[5]", "Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order."),
        (#"["step", ["zoom"], 0, 3]"#, "e", "Expected at least 4 arguments, but found only 3."),
        (#"["step", ["zoom"], 0, 3, 1, 4]"#, "e", "Expected an even number of arguments."),
    ])
    func parseErrors(expression: String, path: String, message: String) {
        #expect(parseExpression(expression).errors == [StyleIssue(path: path, message: message)])
    }

    @Test(arguments: [
        (#"["+", ["zoom"], 1]"#, "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."),
        (#"["+", 1, ["step", ["zoom"], 0, 5, 1]]"#, "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."),
        (#"["step", ["zoom"], 0, 5, ["step", ["zoom"], 1, 6, 2]]"#, "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression."),
        (#"["let", "a", 1, ["step", ["zoom"], 0, 5, 1]]"#, nil),
        (#"["coalesce", ["step", ["zoom"], 0, 5, 1], 2]"#, nil),
        (#"["interpolate", ["linear"], ["zoom"], 0, ["get", "a"], 10, ["*", 2, ["get", "a"]]]"#, nil),
    ] as [(String, String?)])
    func zoomPlacement(expression: String, message: String?) throws {
        let parsed = try #require(parseExpression(expression, expected: .number).expression)
        #expect(ZoomCurve.violation(in: parsed) == message)
    }
}
