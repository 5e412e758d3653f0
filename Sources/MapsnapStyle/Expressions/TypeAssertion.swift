/// The run-time type checks `number`, `string`, `boolean`, `object` and `array`: the first
/// argument whose value has the type wins; otherwise an error. The parser also inserts them
/// where a `value` meets a parent that needs a definite type.
///
/// One implementation serves the five operators; each has its own parse below.
struct TypeAssertion: Expression {
    let type: ValueType
    let arguments: [any Expression]
    var children: [any Expression] { arguments }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var last = StyleValue.null
        for (i, argument) in arguments.enumerated() {
            let value = try argument.evaluate(context)
            if matches(value) { return value }
            if i == arguments.count - 1 { last = value }
        }
        throw .typeMismatch(expected: type, actual: last.type)
    }

    @inline(__always)
    private func matches(_ value: StyleValue) -> Bool {
        switch (type, value) {
        case (.number, .number), (.string, .string), (.boolean, .bool), (.object, .object): return true
        case (.array(let item, let length), .array(let items)):
            if let length, items.count != length { return false }
            if item == .value { return true }
            return type.mismatch(value.type) == nil
        default: return false
        }
    }

    /// `["number" | "string" | "boolean" | "object", value, fallback...]`.
    static func parseSimple(_ type: ValueType, _ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        var arguments: [any Expression] = []
        for i in 1..<items.count {
            guard let parsed = context.parse(items, i, expected: .value) else { return nil }
            arguments.append(parsed)
        }
        return TypeAssertion(type: type, arguments: arguments)
    }
}

/// `["number", value, ...]`
enum NumberAssertion: ExpressionOperator {
    static let names = ["number"]
    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        TypeAssertion.parseSimple(.number, items, context)
    }
}

/// `["string", value, ...]`
enum StringAssertion: ExpressionOperator {
    static let names = ["string"]
    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        TypeAssertion.parseSimple(.string, items, context)
    }
}

/// `["boolean", value, ...]`
enum BooleanAssertion: ExpressionOperator {
    static let names = ["boolean"]
    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        TypeAssertion.parseSimple(.boolean, items, context)
    }
}

/// `["object", value, ...]`
enum ObjectAssertion: ExpressionOperator {
    static let names = ["object"]
    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        TypeAssertion.parseSimple(.object, items, context)
    }
}
