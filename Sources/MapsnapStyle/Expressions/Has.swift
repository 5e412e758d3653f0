/// `["has", key]`: whether the feature has the property; `["has", key, object]` for objects.
struct Has: Expression, ExpressionOperator {
    static let names = ["has"]

    let constantKey: String?
    let key: any Expression
    let object: (any Expression)?
    /// `constantKey` when asking about a feature property (see `Get.featureKey`).
    let featureKey: String?
    var type: ValueType { .boolean }
    var children: [any Expression] { [key] + (object.map { [$0] } ?? []) }
    var dependsOnFeature: Bool { object == nil || key.dependsOnFeature || object!.dependsOnFeature }

    init(constantKey: String?, key: any Expression, object: (any Expression)?) {
        self.constantKey = constantKey
        self.key = key
        self.object = object
        featureKey = object == nil ? constantKey : nil
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        if let featureKey { return .bool(context.property(featureKey) != nil) }
        let name: String
        if let constantKey { name = constantKey } else { name = try key.evaluateString(context) }
        if let object {
            let container = try object.evaluate(context)
            guard case .object(let members) = container else { throw .typeMismatch(expected: .object, actual: container.type) }
            return .bool(members[name] != nil)
        }
        return .bool(context.property(name) != nil)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard let (key, constantKey, object) = Get.parseKeyAndObject(items, context) else { return nil }
        return Has(constantKey: constantKey, key: key, object: object)
    }
}
