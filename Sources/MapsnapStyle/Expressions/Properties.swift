/// `["properties"]`: all feature properties as an object (builds a dictionary: slow path).
struct Properties: Expression, ExpressionOperator {
    static let names = ["properties"]

    var type: ValueType { .object }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .object(context.feature?.properties.mapValues(StyleValue.init) ?? [:])
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 0) else { return nil }
        return Properties()
    }
}
