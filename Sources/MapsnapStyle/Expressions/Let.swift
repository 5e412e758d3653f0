/// `["let", name, value, ..., body]`: binds names for `var` inside `body`.
struct Let: Expression, ExpressionOperator {
    static let names = ["let"]

    let bindings: [(String, any Expression)]
    let body: any Expression
    var type: ValueType { body.type }
    var children: [any Expression] { bindings.map(\.1) + [body] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        try body.evaluate(context)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 4 else {
            return context.error("Expected at least 3 arguments, but found \(items.count - 1) instead.")
        }
        var bindings: [(String, any Expression)] = []
        var index = 1
        while index < items.count - 1 {
            guard case .string(let name) = items[index] else {
                return context.error("Expected string, but found \(items[index].type.kind) instead.", at: index)
            }
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }) else {
                return context.error("Variable names must contain only alphanumeric characters or '_'.", at: index)
            }
            guard index + 1 < items.count - 1 else {
                return context.error("Expected an odd number of arguments.")
            }
            guard let value = context.parse(items, index + 1, expected: nil, bindings: bindings) else { return nil }
            bindings.append((name, value))
            index += 2
        }
        guard let body = context.parse(items, items.count - 1, expected: context.expectedType, bindings: bindings) else {
            return nil
        }
        return Let(bindings: bindings, body: body)
    }
}
