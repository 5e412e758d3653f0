/// `["coalesce", value...]`: the first operand that is not null (null when all are).
struct Coalesce: Expression, ExpressionOperator {
    static let names = ["coalesce"]

    let type: ValueType
    let operands: [any Expression]
    var children: [any Expression] { operands }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        for i in operands.indices {
            let value = try operands[i].evaluate(context)
            if !value.isNull { return value }
        }
        return .null
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 2 else { return context.error("Expectected at least one argument.") }
        let expected = context.expectedType
        var outputType: ValueType? = expected == .value ? nil : expected
        var operands: [any Expression] = []
        for i in items.indices.dropFirst() {
            // Operands are not asserted one by one, so a null can fall through to the next.
            guard let parsed = context.parse(items, i, expected: outputType, annotation: .omit) else { return nil }
            outputType = outputType ?? parsed.type
            operands.append(parsed)
        }
        let needsAnnotation = expected != nil && operands.contains { expected!.mismatch($0.type) != nil }
        return Coalesce(type: needsAnnotation ? .value : (outputType ?? .value), operands: operands)
    }
}
