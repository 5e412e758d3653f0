/// A parsed, type-checked MapLibre expression (or legacy function/filter turned into one).
///
/// Evaluation must not allocate needlessly: filters and data-driven properties run per
/// feature per render. Constant sub-expressions are folded into literals at parse time.
public protocol Expression: Sendable {
    /// The static result type, as inferred at parse time.
    var type: ValueType { get }
    /// Evaluates against a zoom and (optionally) a feature. Errors become the property default.
    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue
    /// Whether the result may change from feature to feature.
    var dependsOnFeature: Bool { get }
    /// Whether the result may change with the zoom.
    var dependsOnZoom: Bool { get }
    /// The direct sub-expressions (for parse-time analysis; not used while evaluating).
    var children: [any Expression] { get }
}

/// `Foundation` declares an `Expression` type too; clients that import both can use this name.
public typealias StyleExpression = Expression

extension Expression {
    public var children: [any Expression] { [] }
    public var dependsOnFeature: Bool { children.contains { $0.dependsOnFeature } }
    public var dependsOnZoom: Bool { children.contains { $0.dependsOnZoom } }

    /// Evaluates and checks the result is a number.
    @inline(__always)
    func evaluateNumber(_ context: EvaluationContext) throws(EvaluationError) -> Double {
        let v = try evaluate(context)
        guard case .number(let n) = v else { throw .typeMismatch(expected: .number, actual: v.type) }
        return n
    }

    @inline(__always)
    func evaluateString(_ context: EvaluationContext) throws(EvaluationError) -> String {
        let v = try evaluate(context)
        guard case .string(let s) = v else { throw .typeMismatch(expected: .string, actual: v.type) }
        return s
    }

    @inline(__always)
    func evaluateBool(_ context: EvaluationContext) throws(EvaluationError) -> Bool {
        let v = try evaluate(context)
        guard case .bool(let b) = v else { throw .typeMismatch(expected: .boolean, actual: v.type) }
        return b
    }
}

/// `expression is T` for a concrete expression type: one metatype comparison instead of the
/// runtime's general cast (which showed up in style-loading profiles).
@inline(__always)
func isKind<T: Expression>(_ expression: any Expression, _ type: T.Type) -> Bool {
    ObjectIdentifier(Swift.type(of: expression)) == ObjectIdentifier(type)
}

/// `expression as? T` for a concrete expression type; the runtime cast only runs when it succeeds.
@inline(__always)
func cast<T: Expression>(_ expression: any Expression, _ type: T.Type) -> T? {
    isKind(expression, type) ? (expression as! T) : nil
}
