/// `["image", name]`: an image from the sprite; here its name (the renderer looks it up).
struct Image: Expression, ExpressionOperator {
    static let names = ["image"]

    let name: any Expression
    var type: ValueType { .resolvedImage }
    var children: [any Expression] { [name] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .string(try name.evaluateString(context))
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let name = context.parse(items, 1, expected: .string) else { return nil }
        return Image(name: name)
    }
}
