/// `["all", boolean...]`: true when every operand is (short-circuits; no operands is true).
struct All: Expression, ExpressionOperator {
    static let names = ["all"]

    let operands: [any Expression]
    var type: ValueType { .boolean }
    var children: [any Expression] { operands }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        // By index: `for operand in operands` copies (retains) each existential.
        for i in operands.indices where !(try operands[i].evaluateBool(context)) { return .bool(false) }
        return .bool(true)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard let operands = parseBooleans(items, context) else { return nil }
        return All(operands: operands)
    }

    static func parseBooleans(_ items: [StyleValue], _ context: ParsingContext) -> [any Expression]? {
        var operands: [any Expression] = []
        for i in items.indices.dropFirst() {
            guard let parsed = context.parse(items, i, expected: .boolean) else { return nil }
            operands.append(parsed)
        }
        return operands
    }
}
