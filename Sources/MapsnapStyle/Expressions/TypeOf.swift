/// `["typeof", value]`: the name of the value's type (`"number"`, `"array<string, 2>"`, …).
struct TypeOf: Expression, ExpressionOperator {
    static let names = ["typeof"]

    let operand: any Expression
    var type: ValueType { .string }
    var children: [any Expression] { [operand] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .string(try operand.evaluate(context).type.description)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let operand = context.parse(items, 1, expected: .value) else { return nil }
        return TypeOf(operand: operand)
    }
}
