/// `["downcase", string]`
struct Downcase: Expression, ExpressionOperator {
    static let names = ["downcase"]

    let operand: any Expression
    var type: ValueType { .string }
    var children: [any Expression] { [operand] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .string(try operand.evaluateString(context).lowercased())
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let operand = context.parse(items, 1, expected: .string) else { return nil }
        return Downcase(operand: operand)
    }
}
