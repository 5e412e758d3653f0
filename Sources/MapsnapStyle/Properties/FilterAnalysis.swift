import MapsnapFormats
import MapsnapGeo

/// The values of one feature property for which a filter can be true: a finite set, and
/// whether a feature without the property can pass.
public struct PossibleValues: Sendable, Equatable, CustomStringConvertible {
    public var values: Set<FeatureValue>
    /// Whether a feature that does not have the property can pass.
    public var includesMissing: Bool

    public init(values: Set<FeatureValue>, includesMissing: Bool = false) {
        self.values = values
        self.includesMissing = includesMissing
    }

    /// Nothing passes (`false`, `["any"]`, `["in", key]`).
    public static let none = PossibleValues(values: [])

    /// Whether a feature whose property has `value` (nil: the feature lacks it) can pass. When
    /// this is false the filter is certainly false for the feature; when true it must be evaluated.
    @inline(__always)
    public func contains(_ value: FeatureValue?) -> Bool {
        guard let value else { return includesMissing }
        return values.contains(value)
    }

    /// What both allow (`all`).
    public func intersection(_ other: PossibleValues) -> PossibleValues {
        PossibleValues(values: values.intersection(other.values), includesMissing: includesMissing && other.includesMissing)
    }

    /// What either allows (`any`).
    public func union(_ other: PossibleValues) -> PossibleValues {
        PossibleValues(values: values.union(other.values), includesMissing: includesMissing || other.includesMissing)
    }

    /// `["class": "motorway", 2]` style, sorted, with `missing` when `includesMissing`.
    public var description: String {
        var items = values.map { value -> String in
            if case .string(let s) = value { return JSONValue.quoted(s) }
            return value.description
        }.sorted()
        if includesMissing { items.append("missing") }
        return "[" + items.joined(separator: ", ") + "]"
    }
}

extension Filter {
    /// The values of property `key` for which this filter can be true, or nil when the filter
    /// does not constrain `key` to a finite set (then every feature must be tested).
    ///
    /// Conservative: if it returns a set S, every feature whose `key` value is not in S fails
    /// the filter (a feature without `key` fails unless `S.includesMissing`). So a renderer can
    /// skip, without evaluating, the features whose value `!S.contains(_:)`, e.g. index a
    /// layer's features by `class` once and visit only the buckets a road layer can draw.
    ///
    /// Understood (in both syntaxes, legacy filters as the legacy converter turns them into
    /// expressions): `all` (intersection over the children that constrain `key`; the others are
    /// ignored), `any` (union, only when every child constrains `key`), `==` between the
    /// property and a literal (typed: `2` and `"2"` differ, as the comparison is strict), `in`
    /// with a literal array and legacy `in`, `match` on the property with boolean outputs (the
    /// labels whose output can be true; a fallback that can be true leaves `key` unconstrained),
    /// `!has` and `["!", ["has", key]]` (only missing), and literal `false` (nothing). Anything
    /// else (`!=`, `!in`, `!`, `<`, `has`, `case`, a coerced or computed input, a collator) does
    /// not constrain `key`: `!=` and `!in` are also true for features without it.
    public func possibleValues(forKey key: String) -> PossibleValues? {
        FilterAnalysis(key: key).possibleValues(expression)
    }
}

/// The analysis behind `Filter.possibleValues(forKey:)`. Every rule keeps one invariant: for a
/// node with result S, a feature whose value is not in S makes the node evaluate to something
/// other than `true` (false, an error or a non-boolean), so `Filter.matches` is false.
struct FilterAnalysis {
    let key: String

    func possibleValues(_ expression: any Expression) -> PossibleValues? {
        if let all = cast(expression, All.self) {
            // True only when every operand is: a value some operand excludes is excluded.
            var result: PossibleValues?
            for operand in all.operands {
                guard let constraint = possibleValues(operand) else { continue }
                result = result.map { $0.intersection(constraint) } ?? constraint
            }
            return result
        }
        if let any = cast(expression, AnyOf.self) {
            // True only when some operand is: every operand must constrain the key.
            var result = PossibleValues.none
            for operand in any.operands {
                guard let constraint = possibleValues(operand) else { return nil }
                result = result.union(constraint)
            }
            return result
        }
        if let literal = cast(expression, Literal.self) {
            return literal.value == .bool(true) ? nil : PossibleValues.none
        }
        if let comparison = cast(expression, Comparison.self) {
            return possibleValues(comparison)
        }
        if let match = cast(expression, Match.self) {
            return possibleValues(match)
        }
        if let membership = cast(expression, In.self) {
            return possibleValues(membership)
        }
        if let not = cast(expression, Not.self) {
            // `["!", ["has", key]]`: only features without the property.
            if let has = cast(not.operand, Has.self), has.object == nil, has.constantKey == key {
                return PossibleValues(values: [], includesMissing: true)
            }
            return nil
        }
        if let legacy = cast(expression, LegacyComparison.self) {
            // Strictly typed: a missing property or a value of another type is never equal.
            guard legacy.key == .property(key), legacy.op == .equal else { return nil }
            return PossibleValues(values: [legacy.value])
        }
        if let legacy = cast(expression, LegacyIn.self) {
            // `!in` is true for every value not listed and for missing properties.
            guard legacy.key == .property(key), !legacy.negated else { return nil }
            return PossibleValues(values: legacy.values)
        }
        if let legacy = cast(expression, LegacyHas.self) {
            guard legacy.key == .property(key), legacy.negated else { return nil }
            return PossibleValues(values: [], includesMissing: true)
        }
        return nil
    }

    /// Whether `expression` reads the property `key` unchanged: `["get", key]`, or a type
    /// assertion of it (`["string", ["get", key]]`), which either passes the value through or
    /// fails, never turning one value into another.
    private func readsKey(_ expression: any Expression) -> Bool {
        if let get = cast(expression, Get.self) { return get.object == nil && get.constantKey == key }
        if let assertion = cast(expression, TypeAssertion.self), assertion.arguments.count == 1 {
            return readsKey(assertion.arguments[0])
        }
        return false
    }

    /// The feature value a constant equals under strict equality; nil for a `null` literal
    /// (equal only to a missing property), `.none` result when nothing can be equal.
    private enum Constant {
        case value(FeatureValue)
        case null
        case other
    }

    private func constant(_ value: StyleValue) -> Constant {
        switch value {
        case .string(let s): return .value(.string(s))
        case .number(let n): return .value(.number(n))
        case .bool(let b): return .value(.bool(b))
        case .null: return .null
        case .color, .array, .object: return .other
        }
    }

    /// `["==", ["get", key], literal]` (either way round), strict: `"2"` ≠ `2`, a missing
    /// property reads as null.
    private func possibleValues(_ comparison: Comparison) -> PossibleValues? {
        guard comparison.op == .equal, comparison.collator == nil else { return nil }
        let literal: Literal
        if readsKey(comparison.lhs), let rhs = cast(comparison.rhs, Literal.self) {
            literal = rhs
        } else if readsKey(comparison.rhs), let lhs = cast(comparison.lhs, Literal.self) {
            literal = lhs
        } else {
            return nil
        }
        switch constant(literal.value) {
        case .value(let value): return PossibleValues(values: [value])
        case .null: return PossibleValues(values: [], includesMissing: true)
        case .other: return PossibleValues.none
        }
    }

    /// `["match", ["get", key], labels, output, …, fallback]` with boolean outputs: the labels
    /// whose output can be true (anything but a literal non-`true`). A string property matches
    /// only string labels and a number only number labels; other values and missing
    /// properties take the fallback, which must not be able to be true.
    private func possibleValues(_ match: Match) -> PossibleValues? {
        guard readsKey(match.input), !canBeTrue(match.fallback) else { return nil }
        var values: Set<FeatureValue> = []
        for (label, index) in match.stringCases where canBeTrue(match.outputs[index]) { values.insert(.string(label)) }
        for (label, index) in match.numberCases where canBeTrue(match.outputs[index]) { values.insert(.number(label)) }
        return PossibleValues(values: values)
    }

    /// `["in", ["get", key], ["literal", [...]]]`: the listed strings, numbers and booleans
    /// (strict equality), missing when the list holds `null`. A string haystack (substring
    /// search) does not constrain the key.
    private func possibleValues(_ membership: In) -> PossibleValues? {
        guard readsKey(membership.needle), let haystack = cast(membership.haystack, Literal.self),
              case .array(let items) = haystack.value else { return nil }
        var result = PossibleValues.none
        for item in items {
            switch constant(item) {
            case .value(let value): result.values.insert(value)
            case .null: result.includesMissing = true
            case .other: break
            }
        }
        return result
    }

    /// Whether a boolean output can evaluate to `true` (anything that is not a literal).
    private func canBeTrue(_ expression: any Expression) -> Bool {
        guard let literal = cast(expression, Literal.self) else { return true }
        return literal.value == .bool(true)
    }
}
