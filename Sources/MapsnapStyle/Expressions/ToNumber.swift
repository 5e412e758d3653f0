import Foundation

/// `["to-number", value, fallback...]`: JavaScript `Number()` of the first convertible argument
/// (null is 0); an error when none converts.
enum ToNumber: ExpressionOperator {
    static let names = ["to-number"]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        Coercion.parse(.number, items, context, singleArgument: false)
    }

    static func convert(_ arguments: [any Expression], _ context: EvaluationContext) throws(EvaluationError) -> Double {
        var last = StyleValue.null
        for argument in arguments {
            last = try argument.evaluate(context)
            if case .null = last { return 0 }
            if let n = number(last), !n.isNaN { return n }
        }
        throw EvaluationError("Could not convert \(last.json) to number.")
    }

    /// JavaScript's `Number(value)` for the JSON kinds (NaN when it does not convert).
    static func number(_ value: StyleValue) -> Double? {
        switch value {
        case .null: return 0
        case .bool(let b): return b ? 1 : 0
        case .number(let n): return n
        case .string(let s): return number(fromString: s)
        case .array(let items):
            if items.isEmpty { return 0 }
            if items.count == 1 { return number(fromString: items[0].stringified) }
            return nil
        case .color, .object: return nil
        }
    }

    /// JavaScript's string-to-number: trimmed, empty is 0, decimal/exponent, `0x`/`0o`/`0b`,
    /// `Infinity`.
    static func number(fromString string: String) -> Double? {
        let s = string.trimmingCharacters(in: .whitespacesAndNewlines)
        if s.isEmpty { return 0 }
        switch s {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let lower = s.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            return UInt64(lower.dropFirst(2), radix: radix).map { Double($0) }
        }
        // Swift's Double() also accepts "nan", "inf" and hex floats, which JavaScript does not.
        guard s.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return Double(s)
    }
}
