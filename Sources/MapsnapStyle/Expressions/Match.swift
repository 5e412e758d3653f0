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
    /// The same labels as lists, searched in order when there are few: comparing a handful of
    /// short strings is ~2× faster than hashing one (27 vs 41 ns for 8 labels, measured), and
    /// most `match`es in styles have 1–8 labels.
    private let stringLabels: [String]
    private let stringOutputs: [Int]
    private let numberLabels: [Double]
    private let numberOutputs: [Int]
    private static let linearSearchLimit = 10

    var children: [any Expression] { [input] + outputs + [fallback] }

    init(type: ValueType, input: any Expression, stringCases: [String: Int], numberCases: [Double: Int],
         outputs: [any Expression], fallback: any Expression) {
        self.type = type
        self.input = input
        self.stringCases = stringCases
        self.numberCases = numberCases
        self.outputs = outputs
        self.fallback = fallback
        // (Label order does not change the result: labels are unique.)
        let strings = stringCases.count <= Match.linearSearchLimit ? Array(stringCases) : []
        stringLabels = strings.map(\.key)
        stringOutputs = strings.map(\.value)
        let numbers = numberCases.count <= Match.linearSearchLimit ? Array(numberCases) : []
        numberLabels = numbers.map(\.key)
        numberOutputs = numbers.map(\.value)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        try selectedOutput(context).evaluate(context)
    }

    /// The output the input picks (the fallback when no label equals it): rich text reads the
    /// `format` a `match` picks through this.
    func selectedOutput(_ context: EvaluationContext) throws(EvaluationError) -> any Expression {
        let value = try input.evaluate(context)
        var index: Int?
        switch value {
        case .string(let s):
            if stringLabels.count == stringCases.count {
                for i in stringLabels.indices where stringLabels[i] == s {
                    index = stringOutputs[i]
                    break
                }
            } else {
                index = stringCases[s]
            }
        case .number(let n):
            if numberLabels.count == numberCases.count {
                for i in numberLabels.indices where numberLabels[i] == n {
                    index = numberOutputs[i]
                    break
                }
            } else {
                index = numberCases[n]
            }
        default:
            break
        }
        if let index { return outputs[index] }
        return fallback
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
