/// `["any", boolean...]`: true when some operand is (short-circuits; no operands is false).
struct AnyOf: Expression, ExpressionOperator {
    static let names = ["any"]

    let operands: [any Expression]
    var type: ValueType { .boolean }
    var children: [any Expression] { operands }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        for i in operands.indices where try operands[i].evaluateBool(context) { return .bool(true) }
        return .bool(false)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard let operands = All.parseBooleans(items, context) else { return nil }
        return AnyOf(operands: operands)
    }
}
