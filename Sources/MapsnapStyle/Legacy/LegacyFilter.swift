import MapsnapGeo
/// The legacy filter syntax (`["==", "class", "motorway"]`, `["in", "$type", ...]`, `["!has", k]`,
/// `["all", ...]`, `["none", ...]`) with its own semantics: comparisons are strictly typed, so
/// a missing property or a value of another type never matches `==` or `<`.
enum LegacyFilter {
    /// What a legacy filter compares: a property, the geometry type or the feature id.
    enum Key: Sendable, Hashable {
        case property(String)
        case geometryType
        case id

        init(_ name: String) {
            switch name {
            case "$type": self = .geometryType
            case "$id": self = .id
            default: self = .property(name)
            }
        }

        /// The value in `feature` (what `FilterProgram` reads without an evaluation context).
        @inline(__always)
        func value(in feature: any Feature) -> FeatureValue? {
            switch self {
            case .property(let name): return feature.property(name)
            case .geometryType: return .string(feature.geometryType.rawValue)
            case .id: return feature.id
            }
        }

        @inline(__always)
        func value(in context: EvaluationContext) -> FeatureValue? {
            switch self {
            case .property(let name): return context.property(name)
            case .geometryType: return context.geometryType.map { .string($0.rawValue) }
            case .id: return context.hasFeature ? context.subject.id : nil
            }
        }
    }

    /// MapLibre's rule for telling the two syntaxes apart.
    static func isExpressionFilter(_ filter: StyleValue) -> Bool {
        if case .bool = filter { return true }
        guard case .array(let items) = filter, case .string(let op)? = items.first else { return false }
        switch op {
        case "has":
            guard items.count >= 2 else { return true }
            return items[1] != .string("$id") && items[1] != .string("$type")
        case "in":
            guard items.count >= 3 else { return true }
            if case .string = items[1], !items[2].isArrayValue { return false }
            return true
        case "!in", "!has", "none":
            return false
        case "==", "!=", ">", ">=", "<", "<=":
            return items.count != 3 || items[1].isArrayValue || items[2].isArrayValue
        case "any", "all":
            for item in items.dropFirst() {
                if case .bool = item { continue }
                if !isExpressionFilter(item) { return false }
            }
            return true
        default:
            return true
        }
    }

    /// Parses a legacy filter at `path`; nil after logging errors.
    static func parse(_ filter: StyleValue, path: String, log: IssueLog) -> (any Expression)? {
        func fail(_ message: String, at index: Int? = nil) -> (any Expression)? {
            log.error(path + (index.map { "[\($0)]" } ?? ""), message)
            return nil
        }
        guard case .array(let items) = filter, !items.isEmpty else {
            return fail("expected a filter array, got \(filter.json)")
        }
        guard case .string(let op) = items[0] else { return fail("expected an operator name, got \(items[0].json)", at: 0) }
        switch op {
        case "all", "any", "none":
            var operands: [any Expression] = []
            var ok = true
            for i in items.indices.dropFirst() {
                let sub = items[i]
                if case .bool(let b) = sub {
                    operands.append(Literal(type: .boolean, value: .bool(b)))
                } else if let parsed = parse(sub, path: path + "[\(i)]", log: log) {
                    operands.append(parsed)
                } else {
                    ok = false
                }
            }
            guard ok else { return nil }
            switch op {
            case "all": return All(operands: operands)
            case "any": return AnyOf(operands: operands)
            default: return Not(operand: AnyOf(operands: operands))
            }
        case "==", "!=", "<", "<=", ">", ">=":
            guard items.count == 3 else { return fail("filter array for operator \"\(op)\" must have 3 elements") }
            guard case .string(let keyName) = items[1] else { return fail("expected a string, got \(items[1].json)", at: 1) }
            let key = Key(keyName)
            guard let value = featureValue(items[2]) else {
                return fail("expected a string, number or boolean, got \(items[2].json)", at: 2)
            }
            if key == .geometryType {
                guard case .string(let name) = value, ["Point", "LineString", "Polygon"].contains(name) else {
                    return fail("expected one of \"Point\", \"LineString\", \"Polygon\", got \(items[2].json)", at: 2)
                }
                if op != "==" && op != "!=" { return fail("\"$type\" cannot be use with operator \"\(op)\"", at: 1) }
            }
            let comparison = LegacyComparison(key: key, op: Comparison.Operator(rawValue: op)!, value: value)
            return comparison
        case "in", "!in":
            guard items.count >= 2 else { return fail("filter array for operator \"\(op)\" must have at least 2 elements") }
            guard case .string(let keyName) = items[1] else { return fail("expected a string, got \(items[1].json)", at: 1) }
            var values: [FeatureValue] = []
            for i in items.indices.dropFirst(2) {
                guard let value = featureValue(items[i]) else {
                    return fail("expected a string, number or boolean, got \(items[i].json)", at: i)
                }
                values.append(value)
            }
            return LegacyIn(key: Key(keyName), values: Set(values), negated: op == "!in")
        case "has", "!has":
            guard items.count == 2 else { return fail("filter array for operator \"\(op)\" must have 2 elements") }
            guard case .string(let keyName) = items[1] else { return fail("expected a string, got \(items[1].json)", at: 1) }
            return LegacyHas(key: Key(keyName), negated: op == "!has")
        default:
            return fail("unknown filter operator \"\(op)\"", at: 0)
        }
    }

    private static func featureValue(_ value: StyleValue) -> FeatureValue? {
        switch value {
        case .string(let s): .string(s)
        case .number(let n): .number(n)
        case .bool(let b): .bool(b)
        default: nil
        }
    }
}

extension StyleValue {
    var isArrayValue: Bool { if case .array = self { true } else { false } }
}

/// `["==", key, value]` etc. in legacy syntax: false when the key is missing or of another type.
struct LegacyComparison: Expression {
    let key: LegacyFilter.Key
    let op: Comparison.Operator
    let value: FeatureValue
    var type: ValueType { .boolean }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .bool(matches(key.value(in: context)))
    }

    /// The comparison for the key's value (nil: missing); shared with `FilterProgram`.
    @inline(__always)
    func matches(_ actual: FeatureValue?) -> Bool {
        switch op {
        case .equal: return actual == value
        case .notEqual: return actual != value
        default: break
        }
        switch (actual, value) {
        case (.number(let a)?, .number(let b)):
            return op.orders(a, b)
        case (.string(let a)?, .string(let b)):
            return op.orders(a, b)
        default:
            return false
        }
    }
}

/// `["in", key, v1, v2, ...]` / `["!in", ...]` in legacy syntax (strictly typed membership).
struct LegacyIn: Expression {
    let key: LegacyFilter.Key
    let values: Set<FeatureValue>
    let negated: Bool
    /// `values` as a list when short: comparing a few values beats hashing one (see `Match`).
    private let list: [FeatureValue]?
    var type: ValueType { .boolean }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    init(key: LegacyFilter.Key, values: Set<FeatureValue>, negated: Bool) {
        self.key = key
        self.values = values
        self.negated = negated
        list = values.count <= 10 ? Array(values) : nil  // (order does not change the result)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .bool(matches(key.value(in: context)))
    }

    /// Membership for the key's value (nil: missing); shared with `FilterProgram`.
    @inline(__always)
    func matches(_ actual: FeatureValue?) -> Bool {
        guard let actual else { return negated }
        if let list {
            for i in list.indices where list[i] == actual { return !negated }
            return negated
        }
        return values.contains(actual) != negated
    }
}

/// `["has", key]` / `["!has", key]` in legacy syntax.
struct LegacyHas: Expression {
    let key: LegacyFilter.Key
    let negated: Bool
    var type: ValueType { .boolean }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .bool((key.value(in: context) != nil) != negated)
    }
}
