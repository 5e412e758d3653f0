import MapsnapFormats
/// `["index-of", needle, haystack, fromIndex?]`: position of a value in an array or of a
/// substring in a string (UTF-16 units), or -1.
struct IndexOf: Expression, ExpressionOperator {
    static let names = ["index-of"]

    let needle: any Expression
    let haystack: any Expression
    let fromIndex: (any Expression)?
    var type: ValueType { .number }
    var children: [any Expression] { [needle, haystack] + (fromIndex.map { [$0] } ?? []) }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let n = try needle.evaluate(context)
        let h = try haystack.evaluate(context)
        try In.checkNeedle(n)
        var start = 0
        if let fromIndex { start = Int(saturating: try fromIndex.evaluateNumber(context)) }
        switch h {
        case .array(let items):
            guard start < items.count else { return .number(-1) }
            for i in max(start, 0)..<items.count where Comparison.strictEqual(items[i], n) { return .number(Double(i)) }
            return .number(-1)
        case .string(let s):
            let units = Array(s.utf16)
            let target = Array(n.stringified.utf16)
            let first = max(start, 0)
            guard first + target.count <= units.count else { return .number(target.isEmpty ? Double(units.count) : -1) }
            for i in first...(units.count - target.count) where units[i..<(i + target.count)].elementsEqual(target) {
                return .number(Double(i))
            }
            return .number(-1)
        default:
            throw EvaluationError("Expected second argument to be of type array or string, but found \(h.type) instead.")
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard items.count == 3 || items.count == 4 else {
            return context.error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
        }
        guard let needle = context.parse(items, 1, expected: .value),
              let haystack = context.parse(items, 2, expected: .value) else { return nil }
        guard In.isNeedleType(needle.type) else {
            return context.error("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead")
        }
        var fromIndex: (any Expression)?
        if items.count == 4 {
            guard let parsed = context.parse(items, 3, expected: .number) else { return nil }
            fromIndex = parsed
        }
        return IndexOf(needle: needle, haystack: haystack, fromIndex: fromIndex)
    }
}
