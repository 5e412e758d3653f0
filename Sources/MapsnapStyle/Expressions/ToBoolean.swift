/// `["to-boolean", value]`: JavaScript truthiness (false for "", 0, NaN, null, false).
enum ToBoolean: ExpressionOperator {
    static let names = ["to-boolean"]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        Coercion.parse(.boolean, items, context, singleArgument: true)
    }

    static func truthy(_ value: StyleValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let b): return b
        case .number(let n): return n != 0 && !n.isNaN
        case .string(let s): return !s.isEmpty
        case .color, .array, .object: return true
        }
    }
}
