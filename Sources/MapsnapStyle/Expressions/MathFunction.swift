import Foundation

/// The one-number functions `abs`, `ceil`, `floor`, `round` (halves away from zero), `sqrt`,
/// `ln`, `log10`, `log2`, `sin`, `cos`, `tan`, `asin`, `acos`, `atan`, and the constants `pi`,
/// `e`, `ln2`.
///
/// One implementation for these operators: each is a plain function of its operand.
struct MathFunction: Expression, ExpressionOperator {
    static let names = ["abs", "ceil", "floor", "round", "sqrt", "ln", "log10", "log2",
                        "sin", "cos", "tan", "asin", "acos", "atan", "pi", "e", "ln2"]

    let function: @Sendable (Double) -> Double
    let operand: any Expression
    var type: ValueType { .number }
    var children: [any Expression] { [operand] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .number(function(try operand.evaluateNumber(context)))
    }

    private static let functions: [String: @Sendable (Double) -> Double] = [
        "abs": { Swift.abs($0) }, "ceil": { $0.rounded(.up) }, "floor": { $0.rounded(.down) },
        "round": { $0.rounded(.toNearestOrAwayFromZero) }, "sqrt": { $0.squareRoot() },
        "ln": { Foundation.log($0) }, "log10": { Foundation.log10($0) }, "log2": { Foundation.log2($0) },
        "sin": { Foundation.sin($0) }, "cos": { Foundation.cos($0) }, "tan": { Foundation.tan($0) },
        "asin": { Foundation.asin($0) }, "acos": { Foundation.acos($0) }, "atan": { Foundation.atan($0) },
    ]

    private static let constants: [String: Double] = ["pi": Double.pi, "e": M_E, "ln2": M_LN2]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard case .string(let name) = items[0] else { return nil }
        if let constant = constants[name] {
            guard context.checkArity(items, 0) else { return nil }
            return Literal(type: .number, value: .number(constant))
        }
        guard let function = functions[name], context.checkArity(items, 1),
              let operand = context.parse(items, 1, expected: .number) else { return nil }
        return MathFunction(function: function, operand: operand)
    }
}
