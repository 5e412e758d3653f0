import Foundation

/// `==`, `!=`, `<`, `<=`, `>`, `>=`. Equality takes any two of boolean/string/number/null
/// (values of different types are simply unequal); the order comparisons take two numbers or
/// two strings (an untyped side is checked at run time). A fourth `["collator", {...}]`
/// argument compares strings ignoring case and/or diacritics (the locale is not used).
///
/// One implementation for the six operators; the spec's typing rules are the same for each.
struct Comparison: Expression, ExpressionOperator {
    static let names = ["==", "!=", "<", "<=", ">", ">="]

    enum Operator: String {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        var isOrder: Bool { self != .equal && self != .notEqual }

        /// An order comparison (`<`, `<=`, `>`, `>=`) of two numbers.
        @inline(__always)
        func orders(_ a: Double, _ b: Double) -> Bool {
            switch self {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        }

        /// An order comparison of two strings by UTF-16 code units, as JavaScript compares them.
        @inline(__always)
        func orders(_ a: String, _ b: String) -> Bool {
            let less = a.utf16.lexicographicallyPrecedes(b.utf16)
            switch self {
            case .less: return less
            case .lessOrEqual: return less || a == b
            case .greater: return !less && a != b
            default: return !less
            }
        }
    }

    let op: Operator
    let lhs: any Expression
    let rhs: any Expression
    let hasUntypedArgument: Bool
    let collator: Collator?
    var type: ValueType { .boolean }
    var children: [any Expression] { [lhs, rhs] + (collator.map { [$0.caseSensitive, $0.diacriticSensitive] } ?? []) }

    /// `["collator", {"case-sensitive", "diacritic-sensitive", "locale"}]`, only as a comparison argument.
    struct Collator: Sendable {
        let caseSensitive: any Expression
        let diacriticSensitive: any Expression

        func compare(_ a: String, _ b: String, _ context: EvaluationContext) throws(EvaluationError) -> ComparisonResult {
            var options: String.CompareOptions = []
            if !(try caseSensitive.evaluateBool(context)) { options.insert(.caseInsensitive) }
            if !(try diacriticSensitive.evaluateBool(context)) { options.insert(.diacriticInsensitive) }
            return a.compare(b, options: options)
        }

        static func parse(_ value: StyleValue, _ context: ParsingContext) -> Collator? {
            guard case .array(let items) = value, items.count == 2, items[0] == .string("collator"),
                  case .object(let options) = items[1] else {
                context.error("Expected a collator, but found \(value.type.kind) instead.")
                return nil
            }
            func flag(_ key: String) -> (any Expression)? {
                guard let v = options[key] else { return Literal(type: .boolean, value: .bool(false)) }
                return ParsingContext(path: context.path + "[1]." + key, expectedType: .boolean, log: context.log,
                                      scope: context.scope).parse(v)
            }
            guard let c = flag("case-sensitive"), let d = flag("diacritic-sensitive") else { return nil }
            return Collator(caseSensitive: c, diacriticSensitive: d)
        }
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let a = try lhs.evaluate(context)
        let b = try rhs.evaluate(context)
        if let collator, case .string(let x) = a, case .string(let y) = b {
            let order = try collator.compare(x, y, context)
            switch op {
            case .equal: return .bool(order == .orderedSame)
            case .notEqual: return .bool(order != .orderedSame)
            case .less: return .bool(order == .orderedAscending)
            case .lessOrEqual: return .bool(order != .orderedDescending)
            case .greater: return .bool(order == .orderedDescending)
            case .greaterOrEqual: return .bool(order != .orderedAscending)
            }
        }
        switch op {
        case .equal: return .bool(Comparison.strictEqual(a, b))
        case .notEqual: return .bool(!Comparison.strictEqual(a, b))
        default: break
        }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .bool(op.orders(x, y))
        case (.string(let x), .string(let y)):
            return .bool(op.orders(x, y))
        default:
            throw EvaluationError("Expected arguments for \"\(op.rawValue)\" to be (string, string) or (number, number), but found (\(a.type.kind), \(b.type.kind)) instead.")
        }
    }

    /// JavaScript `===` for the primitive kinds; arrays, objects and colours are never equal.
    @inline(__always)
    static func strictEqual(_ a: StyleValue, _ b: StyleValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        default: return false
        }
    }

    private static func isComparable(_ op: Operator, _ type: ValueType) -> Bool {
        switch type {
        case .string, .number, .value: return true
        case .boolean, .null: return !op.isOrder
        default: return false
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard case .string(let name) = items[0], let op = Operator(rawValue: name) else { return nil }
        guard items.count == 3 || items.count == 4 else { return context.error("Expected two or three arguments.") }
        guard var lhs = context.parse(items, 1, expected: .value) else { return nil }
        guard isComparable(op, lhs.type) else {
            return context.error("\"\(name)\" comparisons are not supported for type '\(lhs.type)'.", at: 1)
        }
        guard var rhs = context.parse(items, 2, expected: .value) else { return nil }
        guard isComparable(op, rhs.type) else {
            return context.error("\"\(name)\" comparisons are not supported for type '\(rhs.type)'.", at: 2)
        }
        if lhs.type.kind != rhs.type.kind && lhs.type != .value && rhs.type != .value {
            return context.error("Cannot compare types '\(lhs.type)' and '\(rhs.type)'.")
        }
        if op.isOrder {
            if lhs.type == .value && rhs.type != .value {
                lhs = TypeAssertion(type: rhs.type, arguments: [lhs])
            } else if lhs.type != .value && rhs.type == .value {
                rhs = TypeAssertion(type: lhs.type, arguments: [rhs])
            }
        }
        var collator: Collator?
        if items.count == 4 {
            let stringish: Set<String> = ["string", "value"]
            guard stringish.contains(lhs.type.kind) || stringish.contains(rhs.type.kind) else {
                return context.error("Cannot use collator to compare non-string types.")
            }
            guard let parsed = Collator.parse(items[3], context.child(3, expected: .collator)) else { return nil }
            collator = parsed
        }
        return Comparison(op: op, lhs: lhs, rhs: rhs, hasUntypedArgument: lhs.type == .value || rhs.type == .value,
                          collator: collator)
    }
}
