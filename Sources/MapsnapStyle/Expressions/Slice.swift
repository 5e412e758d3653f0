/// `["slice", array | string, start, end?]`: a sub-array or substring (UTF-16 units; negative
/// indices count from the end, as JavaScript's `slice`).
struct Slice: Expression, ExpressionOperator {
    static let names = ["slice"]

    let input: any Expression
    let start: any Expression
    let end: (any Expression)?
    let type: ValueType
    var children: [any Expression] { [input, start] + (end.map { [$0] } ?? []) }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try input.evaluate(context)
        let s = try start.evaluateNumber(context)
        let e = try end?.evaluateNumber(context)
        func range(_ count: Int) -> Range<Int> {
            func clamp(_ x: Double) -> Int {
                // NaN is 0, as JavaScript's ToIntegerOrInfinity has it (and `Int(NaN)` traps).
                guard !x.isNaN else { return 0 }
                let i = x < 0 ? Double(count) + x.rounded(.towardZero) : x.rounded(.towardZero)
                return Int(min(max(i, 0), Double(count)))
            }
            let lower = clamp(s)
            let upper = e.map(clamp) ?? count
            return lower..<max(lower, upper)
        }
        switch value {
        case .array(let items):
            return .array(Array(items[range(items.count)]))
        case .string(let text):
            let units = Array(text.utf16)
            return .string(String(decoding: units[range(units.count)], as: UTF16.self))
        default:
            throw EvaluationError("Expected first argument to be of type array or string, but found \(value.type) instead.")
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count == 3 || items.count == 4 else {
            return context.error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
        }
        guard let input = context.parse(items, 1, expected: .value),
              let start = context.parse(items, 2, expected: .number) else { return nil }
        switch input.type {
        case .array, .string, .value: break
        default:
            return context.error("Expected first argument to be of type array or string, but found \(input.type) instead")
        }
        var end: (any Expression)?
        if items.count == 4 {
            guard let parsed = context.parse(items, 3, expected: .number) else { return nil }
            end = parsed
        }
        let type: ValueType = if case .array(let item, _) = input.type { .array(item, nil) } else { input.type }
        return Slice(input: input, start: start, end: end, type: type)
    }
}
