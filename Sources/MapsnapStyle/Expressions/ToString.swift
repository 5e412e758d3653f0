/// `["to-string", value]`: "" for null, "true"/"false", JavaScript number text, `rgba(...)`
/// for colours, JSON for arrays and objects.
enum ToString: ExpressionOperator {
    static let names = ["to-string"]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        Coercion.parse(.string, items, context, singleArgument: true)
    }
}
