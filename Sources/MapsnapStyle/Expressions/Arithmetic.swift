import Foundation

/// `+`, `-`, `*`, `/`, `%`, `^`, `min`, `max` on numbers. `+`, `*`, `min` and `max` take any
/// number of operands; `-` takes one (negation) or two; the others exactly two.
///
/// One implementation for the eight operators: they differ only in how they fold numbers.
struct Arithmetic: Expression, ExpressionOperator {
    static let names = ["+", "-", "*", "/", "%", "^", "min", "max"]

    enum Operator: String {
        case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%", power = "^", min, max
    }

    let op: Operator
    let operands: [any Expression]
    var type: ValueType { .number }
    var children: [any Expression] { operands }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        switch op {
        case .add:
            var sum = 0.0
            for operand in operands { sum += try operand.evaluateNumber(context) }
            return .number(sum)
        case .multiply:
            var product = 1.0
            for operand in operands { product *= try operand.evaluateNumber(context) }
            return .number(product)
        case .min, .max:
            var result = op == .min ? Double.infinity : -Double.infinity
            for operand in operands {
                let n = try operand.evaluateNumber(context)
                if n.isNaN { return .number(.nan) }
                result = op == .min ? Swift.min(result, n) : Swift.max(result, n)
            }
            return .number(result)
        case .subtract:
            let a = try operands[0].evaluateNumber(context)
            if operands.count == 1 { return .number(-a) }
            return .number(a - (try operands[1].evaluateNumber(context)))
        case .divide:
            return .number(try operands[0].evaluateNumber(context) / operands[1].evaluateNumber(context))
        case .remainder:
            return .number(fmod(try operands[0].evaluateNumber(context), try operands[1].evaluateNumber(context)))
        case .power:
            return .number(pow(try operands[0].evaluateNumber(context), try operands[1].evaluateNumber(context)))
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard case .string(let name) = items[0], let op = Operator(rawValue: name) else { return nil }
        let count = items.count - 1
        switch op {
        case .add, .multiply, .min, .max:
            break
        case .subtract:
            guard count == 1 || count == 2 else {
                return context.error("Expected 1 or 2 arguments, but found \(count) instead.")
            }
        case .divide, .remainder, .power:
            guard context.checkArity(items, 2) else { return nil }
        }
        var operands: [any Expression] = []
        for i in items.indices.dropFirst() {
            guard let parsed = context.parse(items, i, expected: .number) else { return nil }
            operands.append(parsed)
        }
        return Arithmetic(op: op, operands: operands)
    }
}
