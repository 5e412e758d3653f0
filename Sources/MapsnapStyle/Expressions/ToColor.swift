import MapsnapFormats
/// `["to-color", value, fallback...]`: the first argument that is a colour, a CSS colour string
/// or an `[r, g, b(, a)]` array; an error when none is.
enum ToColor: ExpressionOperator {
    static let names = ["to-color"]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        Coercion.parse(.color, items, context, singleArgument: false)
    }

    static func convert(_ arguments: [any Expression], _ context: EvaluationContext) throws(EvaluationError) -> Color {
        var last = StyleValue.null
        var failure: String?
        for argument in arguments {
            last = try argument.evaluate(context)
            failure = nil
            switch last {
            case .color(let c):
                return c
            case .string(let s):
                if let c = Color.parse(s) { return c }
            case .array(let items):
                if items.count < 3 || items.count > 4 {
                    failure = "Invalid rgba value \(last.json): expected an array containing either three or four numeric values."
                } else {
                    let numbers = items.compactMap(\.numberValue)
                    if numbers.count == items.count, let message = RGBA.validate(numbers) {
                        failure = message
                    } else if numbers.count == items.count {
                        return Color(r255: numbers[0], g255: numbers[1], b255: numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1)
                    } else {
                        failure = "Invalid rgba value \(last.json): expected an array containing either three or four numeric values."
                    }
                }
            default:
                break
            }
        }
        if let failure { throw EvaluationError(failure) }
        let shown = last.stringValue ?? last.json
        throw EvaluationError("Could not parse color from value '\(shown)'")
    }
}
