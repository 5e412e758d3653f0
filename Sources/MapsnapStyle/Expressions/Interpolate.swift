import Foundation
import MapsnapFormats

/// `["interpolate", curve, input, stop, output, ...]` (also `interpolate-hcl`, `interpolate-lab`):
/// blends the outputs of the two stops around the input. Curves: `["linear"]`,
/// `["exponential", base]`, `["cubic-bezier", x1, y1, x2, y2]`. Outputs: numbers, colours
/// (RGB, Lab or HCL) and fixed-length number arrays.
struct Interpolate: Expression, ExpressionOperator {
    static let names = ["interpolate", "interpolate-hcl", "interpolate-lab"]

    enum Curve: Sendable {
        case linear
        case exponential(base: Double)
        case cubicBezier(UnitBezier)
    }

    enum ColorSpace: Sendable { case rgb, lab, hcl }

    let type: ValueType
    let curve: Curve
    let colorSpace: ColorSpace
    let input: any Expression
    let stops: [Double]
    let outputs: [any Expression]
    /// The common zoom curve with constant outputs, read without calling expressions.
    private let inputIsZoom: Bool
    private let literalOutputs: [StyleValue]?
    var children: [any Expression] { [input] + outputs }

    init(type: ValueType, curve: Curve, colorSpace: ColorSpace, input: any Expression, stops: [Double], outputs: [any Expression]) {
        self.type = type
        self.curve = curve
        self.colorSpace = colorSpace
        self.input = input
        self.stops = stops
        self.outputs = outputs
        inputIsZoom = isKind(input, Zoom.self)
        literalOutputs = Interpolate.literalValues(outputs)
    }

    /// The outputs' values when all are literals.
    static func literalValues(_ outputs: [any Expression]) -> [StyleValue]? {
        var values: [StyleValue] = []
        for output in outputs {
            guard let literal = cast(output, Literal.self) else { return nil }
            values.append(literal.value)
        }
        return values
    }

    @inline(__always)
    private func output(_ index: Int, _ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        if let literalOutputs { return literalOutputs[index] }
        return try outputs[index].evaluate(context)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        if stops.count == 1 { return try output(0, context) }
        let value = inputIsZoom ? context.zoom : try input.evaluateNumber(context)
        if value <= stops[0] { return try output(0, context) }
        if value >= stops[stops.count - 1] { return try output(stops.count - 1, context) }
        let index = Step.indexOfStop(atOrBelow: value, in: stops)
        let t = Interpolate.factor(curve, input: value, lower: stops[index], upper: stops[index + 1])
        let lower = try output(index, context)
        let upper = try output(index + 1, context)
        return try blend(lower, upper, t)
    }

    /// Where `input` lies between two stops, 0...1, shaped by the curve.
    static func factor(_ curve: Curve, input: Double, lower: Double, upper: Double) -> Double {
        let difference = upper - lower
        let progress = input - lower
        guard difference != 0 else { return 0 }
        switch curve {
        case .linear:
            return progress / difference
        case .exponential(let base):
            if base == 1 { return progress / difference }
            return (pow(base, progress) - 1) / (pow(base, difference) - 1)
        case .cubicBezier(let bezier):
            return bezier.solve(progress / difference)
        }
    }

    private func blend(_ a: StyleValue, _ b: StyleValue, _ t: Double) throws(EvaluationError) -> StyleValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(x + (y - x) * t)
        case (.color(let x), .color(let y)):
            switch colorSpace {
            case .rgb: return .color(Color.interpolateRGB(x, y, t))
            case .lab: return .color(Color.interpolateLab(x, y, t))
            case .hcl: return .color(Color.interpolateHCL(x, y, t))
            }
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            var out: [StyleValue] = []
            out.reserveCapacity(xs.count)
            for (x, y) in zip(xs, ys) { out.append(try blend(x, y, t)) }
            return .array(out)
        default:
            throw EvaluationError("Cannot interpolate between \(a.type) and \(b.type).")
        }
    }

    private static func isInterpolatable(_ type: ValueType) -> Bool {
        switch type {
        case .number, .color: return true
        case .array(.number, let n): return n != nil
        default: return false
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard case .string(let name) = items[0] else { return nil }
        guard items.count > 1, case .array(let curveItems) = items[1], let curveName = curveItems.first else {
            return context.error("Expected an interpolation type expression.", at: 1)
        }
        let curve: Curve
        switch curveName {
        case .string("linear"):
            curve = .linear
        case .string("exponential"):
            guard curveItems.count > 1, case .number(let base) = curveItems[1] else {
                return context.error("Exponential interpolation requires a numeric base.", at: 1, 1)
            }
            curve = .exponential(base: base)
        case .string("cubic-bezier"):
            let points = curveItems.dropFirst().compactMap(\.numberValue)
            guard curveItems.count == 5, points.count == 4, points.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
                return context.error("Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.", at: 1)
            }
            curve = .cubicBezier(UnitBezier(points[0], points[1], points[2], points[3]))
        default:
            return context.error("Unknown interpolation type \(curveName.stringified)", at: 1, 0)
        }
        guard items.count - 1 >= 4 else {
            return context.error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard (items.count - 1) % 2 == 0 else { return context.error("Expected an even number of arguments.") }
        guard let input = context.parse(items, 2, expected: .number) else { return nil }

        let colorSpace: ColorSpace = name == "interpolate-lab" ? .lab : name == "interpolate-hcl" ? .hcl : .rgb
        var outputType: ValueType? = colorSpace != .rgb ? .color : (context.expectedType == .value ? nil : context.expectedType)
        var stops: [Double] = []
        var outputs: [any Expression] = []
        for i in stride(from: 3, to: items.count, by: 2) {
            guard case .number(let stop) = items[i] else {
                return context.error("Input/output pairs for \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", at: i)
            }
            if let last = stops.last, last >= stop {
                return context.error("Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order.", at: i)
            }
            guard let output = context.parse(items, i + 1, expected: outputType) else { return nil }
            outputType = outputType ?? output.type
            stops.append(stop)
            outputs.append(output)
        }
        let type = outputType ?? .value
        guard isInterpolatable(type) else { return context.error("Type \(type) is not interpolatable.") }
        return Interpolate(type: type, curve: curve, colorSpace: colorSpace, input: input, stops: stops, outputs: outputs)
    }
}

/// A CSS-style cubic Bézier easing from (0,0) to (1,1) with control points (x1,y1), (x2,y2):
/// `solve(x)` finds the curve's y at a given x (Newton's method, then bisection).
struct UnitBezier: Sendable {
    let cx, bx, ax, cy, by, ay: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    func solve(_ target: Double, epsilon: Double = 1e-6) -> Double {
        var t = target
        for _ in 0..<8 {
            let error = x(t) - target
            if abs(error) < epsilon { return y(t) }
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = min(max(target, 0), 1)
        while low < high {
            let value = x(t)
            if abs(value - target) < epsilon { break }
            if target > value { low = t } else { high = t }
            t = (high - low) / 2 + low
            if high - low < 1e-12 { break }
        }
        return y(t)
    }
}
