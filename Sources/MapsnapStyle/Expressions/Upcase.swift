/// `["upcase", string]`
struct Upcase: Expression, ExpressionOperator {
    static let names = ["upcase"]

    let operand: any Expression
    var type: ValueType { .string }
    var children: [any Expression] { [operand] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .string(try operand.evaluateString(context).uppercased())
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let operand = context.parse(items, 1, expected: .string) else { return nil }
        return Upcase(operand: operand)
    }
}
