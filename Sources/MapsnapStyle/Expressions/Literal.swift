/// `["literal", value]`: a constant, also what bare JSON numbers/strings/booleans/null parse to
/// and what constant sub-expressions are folded into.
struct Literal: Expression, ExpressionOperator {
    static let names = ["literal"]

    let type: ValueType
    let value: StyleValue

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue { value }
    var dependsOnFeature: Bool { false }
    var dependsOnZoom: Bool { false }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count == 2 else {
            return context.error("'literal' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        let value = items[1]
        var type = value.type
        // An empty array takes the array type its parent expects.
        if case .array(_, 0) = type, case .array(_, let n)? = context.expectedType, n == nil || n == 0 {
            type = context.expectedType!
        }
        return Literal(type: type, value: value)
    }
}
