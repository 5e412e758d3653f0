/// `["zoom"]`: the map zoom. In properties it may only feed a top-level `step`/`interpolate`.
struct Zoom: Expression, ExpressionOperator {
    static let names = ["zoom"]

    var type: ValueType { .number }
    var dependsOnFeature: Bool { false }
    var dependsOnZoom: Bool { true }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue { .number(context.zoom) }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 0) else { return nil }
        return Zoom()
    }
}
