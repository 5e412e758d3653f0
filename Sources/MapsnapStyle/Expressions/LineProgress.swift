/// `["line-progress"]`: the fraction (0…1) of its line's length at which `line-gradient` is
/// evaluated. It counts as feature-dependent, so that it is never folded into a constant.
struct LineProgress: Expression, ExpressionOperator {
    static let names = ["line-progress"]

    var type: ValueType { .number }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue { .number(context.lineProgress) }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 0) else { return nil }
        return LineProgress()
    }
}
