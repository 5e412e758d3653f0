/// The conversions `to-boolean`, `to-number`, `to-string`, `to-color`, and the implicit ones the
/// parser inserts for `formatted` and `resolvedImage` (both plain strings here). `to-number`
/// and `to-color` try each argument in turn.
struct Coercion: Expression {
    let type: ValueType
    let arguments: [any Expression]
    var children: [any Expression] { arguments }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        switch type {
        case .boolean:
            return .bool(ToBoolean.truthy(try arguments[0].evaluate(context)))
        case .color:
            return .color(try ToColor.convert(arguments, context))
        case .number:
            return .number(try ToNumber.convert(arguments, context))
        case .string, .formatted, .resolvedImage:
            let value = try arguments[0].evaluate(context)
            if case .string = value { return value }
            return .string(value.stringified)
        default:
            return try arguments[0].evaluate(context)
        }
    }

    /// Parses `[op, value, ...]` into a coercion to `type`.
    static func parse(_ type: ValueType, _ items: [StyleValue], _ context: ParsingContext, singleArgument: Bool) -> (any Expression)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        if singleArgument && items.count != 2 { return context.error("Expected one argument.") }
        var arguments: [any Expression] = []
        for i in 1..<items.count {
            guard let parsed = context.parse(items, i, expected: .value) else { return nil }
            arguments.append(parsed)
        }
        return Coercion(type: type, arguments: arguments)
    }
}
