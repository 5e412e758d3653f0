/// `["error", message]`: fails at run time with the message (never folded at parse time).
struct ErrorExpression: Expression, ExpressionOperator {
    static let names = ["error"]

    let message: any Expression
    var type: ValueType { .error }
    var children: [any Expression] { [message] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        throw EvaluationError(try message.evaluateString(context))
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let message = context.parse(items, 1, expected: .string) else { return nil }
        return ErrorExpression(message: message)
    }
}
