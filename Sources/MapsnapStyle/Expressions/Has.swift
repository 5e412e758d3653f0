/// `["has", key]`: whether the feature has the property; `["has", key, object]` for objects.
struct Has: Expression, ExpressionOperator {
    static let names = ["has"]

    let constantKey: String?
    let key: any Expression
    let object: (any Expression)?
    var type: ValueType { .boolean }
    var children: [any Expression] { [key] + (object.map { [$0] } ?? []) }
    var dependsOnFeature: Bool { object == nil || key.dependsOnFeature || object!.dependsOnFeature }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let name: String
        if let constantKey { name = constantKey } else { name = try key.evaluateString(context) }
        if let object {
            let container = try object.evaluate(context)
            guard case .object(let members) = container else { throw .typeMismatch(expected: .object, actual: container.type) }
            return .bool(members[name] != nil)
        }
        return .bool(context.feature?.property(name) != nil)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard let (key, constantKey, object) = Get.parseKeyAndObject(items, context) else { return nil }
        return Has(constantKey: constantKey, key: key, object: object)
    }
}
