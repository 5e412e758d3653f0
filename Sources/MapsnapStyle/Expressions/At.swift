import MapsnapGeo
/// `["at", index, array]`: the item at an integer index.
struct At: Expression, ExpressionOperator {
    static let names = ["at"]

    let index: any Expression
    let array: any Expression
    let type: ValueType
    var children: [any Expression] { [index, array] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let i = try index.evaluateNumber(context)
        let value = try array.evaluate(context)
        guard case .array(let items) = value else { throw .typeMismatch(expected: .anyArray, actual: value.type) }
        if i < 0 { throw EvaluationError("Array index out of bounds: \(FeatureValue.format(i)) < 0.") }
        if i >= Double(items.count) {
            throw EvaluationError("Array index out of bounds: \(FeatureValue.format(i)) > \(items.count - 1).")
        }
        if i != i.rounded(.down) { throw EvaluationError("Array index must be an integer, but found \(FeatureValue.format(i)) instead.") }
        return items[Int(i)]
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 2),
              let index = context.parse(items, 1, expected: .number),
              let array = context.parse(items, 2, expected: .array(context.expectedType ?? .value, nil)) else { return nil }
        guard case .array(let itemType, _) = array.type else { return nil }
        return At(index: index, array: array, type: itemType)
    }
}
