/// `["case", condition, output, ..., fallback]`: the output of the first true condition.
struct Case: Expression, ExpressionOperator {
    static let names = ["case"]

    let type: ValueType
    let branches: [(condition: any Expression, output: any Expression)]
    let fallback: any Expression
    var children: [any Expression] { branches.flatMap { [$0.condition, $0.output] } + [fallback] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        try selectedOutput(context).evaluate(context)
    }

    /// The output the first true condition picks, else the fallback (rich text reads the sections
    /// of a `format` it picks).
    func selectedOutput(_ context: EvaluationContext) throws(EvaluationError) -> any Expression {
        for branch in branches where try branch.condition.evaluateBool(context) { return branch.output }
        return fallback
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 4 else {
            return context.error("Expected at least 3 arguments, but found only \(items.count - 1).")
        }
        guard items.count % 2 == 0 else { return context.error("Expected an odd number of arguments.") }
        var outputType: ValueType? = context.expectedType == .value ? nil : context.expectedType
        var branches: [(any Expression, any Expression)] = []
        for i in stride(from: 1, to: items.count - 1, by: 2) {
            guard let condition = context.parse(items, i, expected: .boolean),
                  let output = context.parse(items, i + 1, expected: outputType) else { return nil }
            branches.append((condition, output))
            outputType = outputType ?? output.type
        }
        guard let fallback = context.parse(items, items.count - 1, expected: outputType) else { return nil }
        return Case(type: outputType ?? fallback.type, branches: branches, fallback: fallback)
    }
}
