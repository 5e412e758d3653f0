/// `["to-rgba", color]`: `[r, g, b, a]` with r, g, b in 0...255 and a in 0...1.
struct ToRGBA: Expression, ExpressionOperator {
    static let names = ["to-rgba"]

    let color: any Expression
    var type: ValueType { .array(.number, 4) }
    var children: [any Expression] { [color] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try color.evaluate(context)
        guard case .color(let c) = value else { throw .typeMismatch(expected: .color, actual: value.type) }
        return .array([.number(c.r * 255), .number(c.g * 255), .number(c.b * 255), .number(c.a)])
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let color = context.parse(items, 1, expected: .color) else { return nil }
        return ToRGBA(color: color)
    }
}
