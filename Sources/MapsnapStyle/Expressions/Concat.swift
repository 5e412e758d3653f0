/// `["concat", value...]`: the values' `to-string` texts joined.
struct Concat: Expression, ExpressionOperator {
    static let names = ["concat"]

    let operands: [any Expression]
    var type: ValueType { .string }
    var children: [any Expression] { operands }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var text = ""
        for i in operands.indices { text += try operands[i].evaluate(context).stringified }
        return .string(text)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        var operands: [any Expression] = []
        for i in items.indices.dropFirst() {
            guard let parsed = context.parse(items, i, expected: .value) else { return nil }
            operands.append(parsed)
        }
        return Concat(operands: operands)
    }
}
