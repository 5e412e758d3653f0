/// `["get", key]` reads a feature property (null when missing); `["get", key, object]` reads
/// a member of an object.
struct Get: Expression, ExpressionOperator {
    static let names = ["get"]

    /// The key when it is a literal (the common case: no string is built per evaluation).
    let constantKey: String?
    let key: any Expression
    let object: (any Expression)?
    /// `constantKey` when reading a feature property: checked first, so the common case never
    /// looks at the optional `object` (testing an optional existential went through value
    /// witnesses and copied it, per evaluation).
    let featureKey: String?
    var type: ValueType { .value }
    var children: [any Expression] { [key] + (object.map { [$0] } ?? []) }
    var dependsOnFeature: Bool { object == nil || key.dependsOnFeature || object!.dependsOnFeature }

    init(constantKey: String?, key: any Expression, object: (any Expression)?) {
        self.constantKey = constantKey
        self.key = key
        self.object = object
        featureKey = object == nil ? constantKey : nil
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        if let featureKey {
            guard let value = context.property(featureKey) else { return .null }
            return StyleValue(value)
        }
        let name: String
        if let constantKey { name = constantKey } else { name = try key.evaluateString(context) }
        if let object {
            let container = try object.evaluate(context)
            guard case .object(let members) = container else { throw .typeMismatch(expected: .object, actual: container.type) }
            return members[name] ?? .null
        }
        guard let value = context.property(name) else { return .null }
        return StyleValue(value)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard let (key, constantKey, object) = parseKeyAndObject(items, context) else { return nil }
        return Get(constantKey: constantKey, key: key, object: object)
    }

    /// Shared by `get` and `has`: a string key and an optional object.
    static func parseKeyAndObject(_ items: [StyleValue], _ context: ParsingContext)
        -> (any Expression, String?, (any Expression)?)? {
        guard items.count == 2 || items.count == 3 else {
            context.error("Expected 1 or 2 arguments, but found \(items.count - 1) instead.")
            return nil
        }
        guard let key = context.parse(items, 1, expected: .string) else { return nil }
        var object: (any Expression)?
        if items.count == 3 {
            guard let parsed = context.parse(items, 2, expected: .object) else { return nil }
            object = parsed
        }
        let constantKey = cast(key, Literal.self)?.value.stringValue
        return (key, constantKey, object)
    }
}
