import MapsnapGeo
/// A filter's common shapes compiled into plain tests on the feature, so that `Filter.matches`
/// does not walk the expression tree for them: no existential call per node, no `StyleValue`
/// per property read, no evaluation context. Shapes it does not know stay expressions and are
/// evaluated as before.
///
/// Each test gives `true`, `false`, or nil where the expression would have failed (an error or
/// a non-boolean), which `all`, `any` and `!` pass on exactly as the expressions do, so a
/// program and its expression always agree (checked on every layer of the real styles).
///
/// The nodes are final classes with constant fields: a test reads its own fields in place.
/// (An enum of the same cases spent most of its time copying payloads out — retaining and
/// releasing strings and arrays — and was ~1.5× slower.)
class FilterProgram: @unchecked Sendable {  // immutable after init, like every subclass
    /// true, false, or nil for an evaluation error / non-boolean.
    func test(_ feature: any Feature, zoom: Double) -> Bool? { nil }

    /// The program for a filter expression.
    static func compile(_ expression: any Expression) -> FilterProgram {
        compileKnown(expression) ?? ExpressionTest(expression)
    }

    private static func compileKnown(_ expression: any Expression) -> FilterProgram? {
        if let literal = cast(expression, Literal.self) {
            guard case .bool(let b) = literal.value else { return nil }
            return ConstantTest(b)
        }
        if let all = cast(expression, All.self) { return AllTest(all.operands.map(compile)) }
        if let any = cast(expression, AnyOf.self) { return AnyTest(any.operands.map(compile)) }
        if let not = cast(expression, Not.self) { return NotTest(compile(not.operand)) }
        if let legacy = cast(expression, LegacyComparison.self) {
            let input = FeatureInput(legacy.key)
            switch legacy.op {
            case .equal: return EqualsTest(input, legacy.value)
            case .notEqual: return NotTest(EqualsTest(input, legacy.value))
            default: return LegacyOrderTest(legacy)
            }
        }
        if let legacy = cast(expression, LegacyIn.self) {
            // Missing → `negated`; listed → `!negated`; any other value → `negated`.
            return OneOfTest(FeatureInput(legacy.key), Array(legacy.values), fallback: legacy.negated)
        }
        if let legacy = cast(expression, LegacyHas.self) {
            let has = HasTest(FeatureInput(legacy.key))
            return legacy.negated ? NotTest(has) : has
        }
        if let has = cast(expression, Has.self), let key = has.featureKey { return HasTest(FeatureInput(.property(key))) }
        if let comparison = cast(expression, Comparison.self) { return compile(comparison) }
        if let match = cast(expression, Match.self) { return compile(match) }
        if let membership = cast(expression, In.self) { return compile(membership) }
        return nil
    }

    /// A literal as the feature value strict equality can match: `.some(nil)` for null, nil for
    /// kinds no feature value equals (colours, arrays, objects).
    private static func featureValue(_ value: StyleValue) -> FeatureValue?? {
        switch value {
        case .string(let s): return .some(.string(s))
        case .number(let n): return .some(.number(n))
        case .bool(let b): return .some(.bool(b))
        case .null: return .some(nil)
        case .color, .array, .object: return nil
        }
    }

    private static func compile(_ comparison: Comparison) -> FilterProgram? {
        guard comparison.collator == nil else { return nil }
        switch comparison.op {
        case .equal, .notEqual:
            let input: FeatureInput
            let literal: Literal
            if let i = FeatureInput(comparison.lhs), let l = cast(comparison.rhs, Literal.self) {
                (input, literal) = (i, l)
            } else if let i = FeatureInput(comparison.rhs), let l = cast(comparison.lhs, Literal.self) {
                (input, literal) = (i, l)
            } else {
                return nil
            }
            // Never equal to a colour, array or object: `==` is false, `!=` true.
            let test: FilterProgram = featureValue(literal.value).map { EqualsTest(input, $0) } ?? ConstantTest(false)
            return comparison.op == .equal ? test : NotTest(test)
        default:
            // The parser asserted the untyped side to the literal's type (number or string).
            guard let assertion = cast(comparison.lhs, TypeAssertion.self), assertion.arguments.count == 1,
                  let input = FeatureInput(assertion.arguments[0]), let literal = cast(comparison.rhs, Literal.self) else { return nil }
            switch (assertion.type, literal.value) {
            case (.number, .number), (.string, .string): return OrderTest(input, comparison.op, literal.value)
            default: return nil
            }
        }
    }

    /// `match` with constant boolean outputs: the labels whose output differs from the fallback
    /// give the opposite of the fallback; every other value, and a missing one, the fallback.
    private static func compile(_ match: Match) -> FilterProgram? {
        guard let input = FeatureInput(match.input),
              case .bool(let fallback)? = cast(match.fallback, Literal.self)?.value else { return nil }
        var outputs: [Bool] = []
        for output in match.outputs {
            guard case .bool(let b)? = cast(output, Literal.self)?.value else { return nil }
            outputs.append(b)
        }
        var labels: [FeatureValue] = []
        for (label, index) in match.stringCases where outputs[index] != fallback { labels.append(.string(label)) }
        for (label, index) in match.numberCases where outputs[index] != fallback { labels.append(.number(label)) }
        return OneOfTest(input, labels, fallback: fallback)
    }

    /// `["in", input, ["literal", [...]]]`: strict equality with some item (null: missing).
    private static func compile(_ membership: In) -> FilterProgram? {
        guard let input = FeatureInput(membership.needle), let haystack = cast(membership.haystack, Literal.self),
              case .array(let items) = haystack.value else { return nil }
        var values: [FeatureValue] = []
        var includesNull = false
        for item in items {
            switch featureValue(item) {
            case .some(.some(let value)): values.append(value)
            case .some(.none): includesNull = true
            case .none: break
            }
        }
        let test = OneOfTest(input, values, fallback: false)
        return includesNull ? AnyTest([NotTest(HasTest(input)), test]) : test
    }
}

/// What a test reads from the feature: a property, the geometry type (as its name) or the id.
/// (`LegacyFilter.Key` with the name kept apart, so reading it does not copy an enum payload.)
struct FeatureInput: Sendable {
    enum Kind: Sendable { case property, geometryType, id }
    let kind: Kind
    let name: String

    init(_ key: LegacyFilter.Key) {
        switch key {
        case .property(let name): (kind, self.name) = (.property, name)
        case .geometryType: (kind, name) = (.geometryType, "")
        case .id: (kind, name) = (.id, "")
        }
    }

    /// `["get", key]`, `["geometry-type"]` or `["id"]`: what reads the feature unchanged.
    init?(_ expression: any Expression) {
        if let get = cast(expression, Get.self), let key = get.featureKey {
            self.init(.property(key))
        } else if isKind(expression, GeometryTypeExpression.self) {
            self.init(.geometryType)
        } else if isKind(expression, Id.self) {
            self.init(.id)
        } else {
            return nil
        }
    }

    @inline(__always)
    func read(_ feature: any Feature) -> FeatureValue? {
        switch kind {
        case .property: return feature.property(name)
        case .geometryType: return .string(feature.geometryType.rawValue)
        case .id: return feature.id
        }
    }
}

final class ConstantTest: FilterProgram, @unchecked Sendable {
    let value: Bool
    init(_ value: Bool) { self.value = value }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? { value }
}

final class AllTest: FilterProgram, @unchecked Sendable {
    let operands: [FilterProgram]
    /// The same, unretained (`operands` keeps them alive): calling through a strong reference
    /// loaded from the array retained and released the child on every test.
    private let children: [Unmanaged<FilterProgram>]
    init(_ operands: [FilterProgram]) {
        self.operands = operands
        children = operands.map { Unmanaged.passUnretained($0) }
    }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? {
        for i in children.indices {
            guard let b = children[i]._withUnsafeGuaranteedRef({ $0.test(feature, zoom: zoom) }) else { return nil }
            if !b { return false }
        }
        return true
    }
}

final class AnyTest: FilterProgram, @unchecked Sendable {
    let operands: [FilterProgram]
    private let children: [Unmanaged<FilterProgram>]
    init(_ operands: [FilterProgram]) {
        self.operands = operands
        children = operands.map { Unmanaged.passUnretained($0) }
    }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? {
        for i in children.indices {
            guard let b = children[i]._withUnsafeGuaranteedRef({ $0.test(feature, zoom: zoom) }) else { return nil }
            if b { return true }
        }
        return false
    }
}

final class NotTest: FilterProgram, @unchecked Sendable {
    let operand: FilterProgram
    init(_ operand: FilterProgram) { self.operand = operand }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? {
        operand.test(feature, zoom: zoom).map(!)
    }
}

/// Strict equality with a constant (nil: the input is missing, as `["==", ["get", k], null]`).
/// A string constant is compared by length first (see `OneOfTest`).
final class EqualsTest: FilterProgram, @unchecked Sendable {
    let input: FeatureInput
    let value: FeatureValue?
    private let string: String?
    private let stringLength: Int
    init(_ input: FeatureInput, _ value: FeatureValue?) {
        self.input = input
        self.value = value
        if case .string(let s)? = value {
            string = s
            stringLength = s.utf8.count
        } else {
            string = nil
            stringLength = -1
        }
    }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? {
        let actual = input.read(feature)
        if let string {
            guard case .string(let s)? = actual else { return false }
            return s.utf8.count == stringLength && s == string
        }
        return actual == value
    }
}

/// Whether the input is one of a few values (`fallback` when it is missing or another value,
/// its opposite when listed). Strings are compared by length first: two different short
/// strings otherwise go through the standard library's out-of-line comparison.
final class OneOfTest: FilterProgram, @unchecked Sendable {
    let input: FeatureInput
    let fallback: Bool
    let strings: [String]
    let stringLengths: [Int]
    let others: [FeatureValue]

    init(_ input: FeatureInput, _ values: [FeatureValue], fallback: Bool) {
        self.input = input
        self.fallback = fallback
        var strings: [String] = []
        var others: [FeatureValue] = []
        for value in values {
            if case .string(let s) = value { strings.append(s) } else { others.append(value) }
        }
        self.strings = strings
        stringLengths = strings.map(\.utf8.count)
        self.others = others
    }

    override func test(_ feature: any Feature, zoom: Double) -> Bool? {
        switch input.read(feature) {
        case nil:
            return fallback
        case .string(let s)?:
            let length = s.utf8.count
            for i in strings.indices where stringLengths[i] == length && strings[i] == s { return !fallback }
            return fallback
        case let value?:
            for i in others.indices where others[i] == value { return !fallback }
            return fallback
        }
    }
}

/// `["<", ["get", key], 3]` etc.: the parser's type assertion fails (nil) unless the value has
/// the literal's type; numbers compare numerically, strings by UTF-16 code units (JavaScript).
final class OrderTest: FilterProgram, @unchecked Sendable {
    let input: FeatureInput
    let op: Comparison.Operator
    let literal: StyleValue
    init(_ input: FeatureInput, _ op: Comparison.Operator, _ literal: StyleValue) {
        self.input = input
        self.op = op
        self.literal = literal
    }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? {
        switch (input.read(feature), literal) {
        case (.number(let a)?, .number(let b)):
            return op.orders(a, b)
        case (.string(let a)?, .string(let b)):
            return op.orders(a, b)
        default:
            return nil
        }
    }
}

final class HasTest: FilterProgram, @unchecked Sendable {
    let input: FeatureInput
    init(_ input: FeatureInput) { self.input = input }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? { input.read(feature) != nil }
}

/// Legacy `<`, `<=`, `>`, `>=`: strictly typed, false (not an error) for other types.
final class LegacyOrderTest: FilterProgram, @unchecked Sendable {
    let comparison: LegacyComparison
    let input: FeatureInput
    init(_ comparison: LegacyComparison) {
        self.comparison = comparison
        input = FeatureInput(comparison.key)
    }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? { comparison.matches(input.read(feature)) }
}

/// Anything else: the expression, evaluated.
final class ExpressionTest: FilterProgram, @unchecked Sendable {
    let expression: any Expression
    init(_ expression: any Expression) { self.expression = expression }
    override func test(_ feature: any Feature, zoom: Double) -> Bool? {
        guard case .bool(let b)? = try? expression.evaluate(EvaluationContext(zoom: zoom, feature: feature)) else { return nil }
        return b
    }
}
