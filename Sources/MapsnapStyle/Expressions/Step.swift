/// `["step", input, output0, stop1, output1, ...]`: the output of the highest stop at or below
/// the input (`output0` below the first stop). Stops are literal, strictly ascending numbers.
struct Step: Expression, ExpressionOperator {
    static let names = ["step"]

    let type: ValueType
    let input: any Expression
    /// `stops[0]` is -infinity (the stop of `output0`).
    let stops: [Double]
    let outputs: [any Expression]
    /// The common zoom step with constant outputs, read without calling expressions.
    private let inputIsZoom: Bool
    private let literalOutputs: [StyleValue]?
    var children: [any Expression] { [input] + outputs }

    init(type: ValueType, input: any Expression, stops: [Double], outputs: [any Expression]) {
        self.type = type
        self.input = input
        self.stops = stops
        self.outputs = outputs
        inputIsZoom = isKind(input, Zoom.self)
        literalOutputs = Interpolate.literalValues(outputs)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let index: Int
        if outputs.count == 1 {
            index = 0
        } else {
            let value = inputIsZoom ? context.zoom : try input.evaluateNumber(context)
            index = Step.indexOfStop(atOrBelow: value, in: stops)
        }
        if let literalOutputs { return literalOutputs[index] }
        return try outputs[index].evaluate(context)
    }

    /// The index of the last stop `<= value` (0 when none is); binary search.
    @inline(__always)
    static func indexOfStop(atOrBelow value: Double, in stops: [Double]) -> Int {
        var low = 0
        var high = stops.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if stops[mid] <= value { low = mid } else { high = mid - 1 }
        }
        return low
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count - 1 >= 4 else {
            return context.error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard (items.count - 1) % 2 == 0 else { return context.error("Expected an even number of arguments.") }
        guard let input = context.parse(items, 1, expected: .number) else { return nil }
        var outputType: ValueType? = context.expectedType == .value ? nil : context.expectedType
        var stops: [Double] = []
        var outputs: [any Expression] = []
        for i in stride(from: 1, to: items.count, by: 2) {
            let stop: Double
            if i == 1 {
                stop = -.infinity
            } else {
                guard case .number(let n) = items[i] else {
                    return context.error("Input/output pairs for \"step\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", at: i)
                }
                stop = n
            }
            if let last = stops.last, last >= stop {
                return context.error("Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order.", at: i)
            }
            guard let output = context.parse(items, i + 1, expected: outputType) else { return nil }
            outputType = outputType ?? output.type
            stops.append(stop)
            outputs.append(output)
        }
        return Step(type: outputType ?? .value, input: input, stops: stops, outputs: outputs)
    }
}
