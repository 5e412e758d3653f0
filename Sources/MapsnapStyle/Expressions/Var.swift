/// `["var", name]`: the value bound by an enclosing `let` (evaluated where it is used).
struct Var: Expression, ExpressionOperator {
    static let names = ["var"]

    let name: String
    let bound: any Expression
    var type: ValueType { bound.type }
    var dependsOnFeature: Bool { bound.dependsOnFeature }
    var dependsOnZoom: Bool { bound.dependsOnZoom }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        try bound.evaluate(context)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count == 2, case .string(let name) = items[1] else {
            return context.error("'var' expression requires exactly one string literal argument.")
        }
        guard let bound = context.scope?.lookup(name) else {
            return context.error("Unknown variable \"\(name)\". Make sure \"\(name)\" has been bound in an enclosing \"let\" expression.", at: 1)
        }
        return Var(name: name, bound: bound)
    }
}
