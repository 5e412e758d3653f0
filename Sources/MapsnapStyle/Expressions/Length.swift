/// `["length", string | array]`: UTF-16 length of a string (as JavaScript counts) or item count.
struct Length: Expression, ExpressionOperator {
    static let names = ["length"]

    let operand: any Expression
    var type: ValueType { .number }
    var children: [any Expression] { [operand] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try operand.evaluate(context)
        switch value {
        case .string(let s): return .number(Double(s.utf16.count))
        case .array(let items): return .number(Double(items.count))
        default:
            throw EvaluationError("Expected value to be of type string or array, but found \(value.type.kind) instead.")
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let operand = context.parse(items, 1, expected: nil) else { return nil }
        switch operand.type {
        case .string, .array, .value: return Length(operand: operand)
        default:
            return context.error("Expected argument of type string or array, but found \(operand.type) instead.", at: 1)
        }
    }
}
