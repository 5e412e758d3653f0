/// `["match", input, label(s), output, ..., fallback]`: the output whose label equals the input
/// (labels are integer numbers or strings, all of one type, each used once).
struct Match: Expression, ExpressionOperator {
    static let names = ["match"]

    let type: ValueType
    let input: any Expression
    /// Label → index into `outputs`, one table per label type (no string is built per evaluation).
    let stringCases: [String: Int]
    let numberCases: [Double: Int]
    let outputs: [any Expression]
    let fallback: any Expression
    var children: [any Expression] { [input] + outputs + [fallback] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try input.evaluate(context)
        let index: Int?
        switch value {
        case .string(let s): index = stringCases[s]
        case .number(let n): index = numberCases[n]
        default: index = nil
        }
        if let index { return try outputs[index].evaluate(context) }
        return try fallback.evaluate(context)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count >= 5 else {
            return context.error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard items.count % 2 == 1 else { return context.error("Expected an even number of arguments.") }
        var inputType: ValueType?
        var outputType: ValueType? = context.expectedType == .value ? nil : context.expectedType
        var stringCases: [String: Int] = [:]
        var numberCases: [Double: Int] = [:]
        var outputs: [any Expression] = []
        for i in stride(from: 2, to: items.count - 1, by: 2) {
            let labels: [StyleValue]
            if case .array(let array) = items[i] { labels = array } else { labels = [items[i]] }
            guard !labels.isEmpty else { return context.error("Expected at least one branch label.", at: i) }
            for label in labels {
                switch label {
                case .string(let s):
                    if let t = inputType, let message = t.mismatch(.string) { return context.error(message, at: i) }
                    inputType = .string
                    guard stringCases[s] == nil else { return context.error("Branch labels must be unique.", at: i) }
                    stringCases[s] = outputs.count
                case .number(let n):
                    guard abs(n) <= 9007199254740991 else {
                        return context.error("Branch labels must be integers no larger than 9007199254740991.", at: i)
                    }
                    guard n == n.rounded(.down) else {
                        return context.error("Numeric branch labels must be integer values.", at: i)
                    }
                    if let t = inputType, let message = t.mismatch(.number) { return context.error(message, at: i) }
                    inputType = .number
                    guard numberCases[n] == nil else { return context.error("Branch labels must be unique.", at: i) }
                    numberCases[n] = outputs.count
                default:
                    return context.error("Branch labels must be numbers or strings.", at: i)
                }
            }
            guard let output = context.parse(items, i + 1, expected: outputType) else { return nil }
            outputType = outputType ?? output.type
            outputs.append(output)
        }
        guard let input = context.parse(items, 1, expected: .value),
              let fallback = context.parse(items, items.count - 1, expected: outputType) else { return nil }
        if input.type != .value, let inputType, let message = inputType.mismatch(input.type) {
            return context.error(message, at: 1)
        }
        return Match(type: outputType ?? fallback.type, input: input, stringCases: stringCases,
                     numberCases: numberCases, outputs: outputs, fallback: fallback)
    }
}
