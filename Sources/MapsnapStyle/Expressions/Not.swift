/// `["!", boolean]`
struct Not: Expression, ExpressionOperator {
    static let names = ["!"]

    let operand: any Expression
    var type: ValueType { .boolean }
    var children: [any Expression] { [operand] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .bool(!(try operand.evaluateBool(context)))
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let operand = context.parse(items, 1, expected: .boolean) else { return nil }
        return Not(operand: operand)
    }
}
