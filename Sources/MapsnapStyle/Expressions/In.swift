/// `["in", needle, haystack]`: whether a boolean/string/number/null is an item of an array
/// (strict equality) or a substring of a string. A null haystack gives false.
struct In: Expression, ExpressionOperator {
    static let names = ["in"]

    let needle: any Expression
    let haystack: any Expression
    var type: ValueType { .boolean }
    var children: [any Expression] { [needle, haystack] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let n = try needle.evaluate(context)
        let h = try haystack.evaluate(context)
        if !ToBoolean.truthy(h) { return .bool(false) }
        try In.checkNeedle(n)
        switch h {
        case .array(let items):
            for item in items where Comparison.strictEqual(item, n) { return .bool(true) }
            return .bool(false)
        case .string(let s):
            // JavaScript's indexOf turns the needle into text (null becomes "null").
            let target = n.isNull ? "null" : n.stringified
            return .bool(target.isEmpty || s.contains(target))
        default:
            throw EvaluationError("Expected second argument to be of type array or string, but found \(h.type) instead.")
        }
    }

    static func isNeedleType(_ type: ValueType) -> Bool {
        switch type {
        case .boolean, .string, .number, .null, .value: true
        default: false
        }
    }

    static func checkNeedle(_ value: StyleValue) throws(EvaluationError) {
        switch value {
        case .bool, .string, .number, .null: return
        default:
            throw EvaluationError("Expected first argument to be of type boolean, string, number or null, but found \(value.type) instead.")
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 2),
              let needle = context.parse(items, 1, expected: .value),
              let haystack = context.parse(items, 2, expected: .value) else { return nil }
        guard isNeedleType(needle.type) else {
            return context.error("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead")
        }
        switch haystack.type {
        case .array, .string, .value: break
        default:
            return context.error("Expected second argument to be of type array or string, but found \(haystack.type) instead")
        }
        return In(needle: needle, haystack: haystack)
    }
}
