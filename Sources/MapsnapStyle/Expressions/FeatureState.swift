/// `["feature-state", key]`: a member of the feature's state (set with `setFeatureState`), or
/// null. It varies from feature to feature like a property, so it is never folded to a constant.
struct FeatureState: Expression, ExpressionOperator {
    static let names = ["feature-state"]
    let key: any Expression

    var type: ValueType { .value }
    var children: [any Expression] { [key] }
    var dependsOnFeature: Bool { true }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let name = try key.evaluateString(context)
        guard context.hasFeature, let value = context.subject.state(name) else { return .null }
        return StyleValue(value)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1) else { return nil }
        guard let key = context.parse(items, 1, expected: .string) else { return nil }
        return FeatureState(key: key)
    }
}
