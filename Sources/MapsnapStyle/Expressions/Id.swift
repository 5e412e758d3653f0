/// `["id"]`: the feature id, or null.
struct Id: Expression, ExpressionOperator {
    static let names = ["id"]

    var type: ValueType { .value }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard context.hasFeature, let id = context.subject.id else { return .null }
        return StyleValue(id)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 0) else { return nil }
        return Id()
    }
}
