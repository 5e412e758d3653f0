import MapsnapGeo
/// A typed paint or layout property: a constant, or an expression (zoom function, data-driven
/// or both) evaluated per render or per feature.
public struct StyleProperty<T: Sendable>: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case constant(T)
        case expression(any Expression, convert: @Sendable (StyleValue) -> T?)
    }

    @usableFromInline let storage: Storage
    /// What `evaluate` reads, kept apart from `storage` so that it does not copy an enum payload
    /// (retaining the expression and the closure) per call: the expression (nil for a
    /// constant), the constant (or the default) and the conversion.
    @usableFromInline let evaluator: PropertyExpression?
    @usableFromInline let constant: T
    @usableFromInline let convert: @Sendable (StyleValue) -> T?
    /// The spec default, used when an evaluation fails or gives a value of the wrong type.
    public let defaultValue: T
    /// false → the renderer can evaluate once per layer per render.
    public let dependsOnFeature: Bool
    public let dependsOnZoom: Bool

    init(storage: Storage, defaultValue: T) {
        self.storage = storage
        self.defaultValue = defaultValue
        switch storage {
        case .constant(let value):
            dependsOnFeature = false
            dependsOnZoom = false
            evaluator = nil
            constant = value
            convert = { _ in nil }
        case .expression(let expression, let convert):
            dependsOnFeature = expression.dependsOnFeature
            dependsOnZoom = expression.dependsOnZoom
            evaluator = PropertyExpression(expression)
            constant = defaultValue
            self.convert = convert
        }
    }

    public static func constant(_ value: T) -> StyleProperty<T> {
        StyleProperty(storage: .constant(value), defaultValue: value)
    }

    /// An expression-backed property (for callers building styles in code).
    public static func expression(_ expression: any Expression, default defaultValue: T,
                                  convert: @escaping @Sendable (StyleValue) -> T?) -> StyleProperty<T> {
        StyleProperty(storage: .expression(expression, convert: convert), defaultValue: defaultValue)
    }

    /// The value at a zoom for a feature (the feature may be nil when `dependsOnFeature` is
    /// false). Falls back to the spec default on evaluation errors and wrong types.
    ///
    /// Inlinable, so that callers in other modules get it specialized for their `T`: the
    /// generic version looked up `Storage<T>`'s metadata on every call (about half the cost
    /// of evaluating a zoom curve).
    @inlinable
    public func evaluate(zoom: Double, feature: (any Feature)?) -> T {
        guard let evaluator else { return constant }
        guard let value = evaluator.evaluate(EvaluationContext(zoom: zoom, feature: feature)) else { return defaultValue }
        return convert(value) ?? defaultValue
    }

    /// The same for a feature that is there (the common call: no optional to wrap and unwrap).
    @inlinable
    public func evaluate(zoom: Double, feature: any Feature) -> T {
        guard let evaluator else { return constant }
        guard let value = evaluator.evaluate(EvaluationContext(zoom: zoom, feature: feature)) else { return defaultValue }
        return convert(value) ?? defaultValue
    }

    /// A `line-gradient`'s colour at a fraction of its line's length.
    public func evaluate(zoom: Double, lineProgress: Double) -> T {
        guard let evaluator else { return constant }
        var context = EvaluationContext(zoom: zoom)
        context.lineProgress = lineProgress
        guard let value = evaluator.evaluate(context) else { return defaultValue }
        return convert(value) ?? defaultValue
    }

    /// The value when the property is constant (after folding constant expressions).
    public var constantValue: T? {
        if case .constant(let value) = storage { return value }
        return nil
    }

    /// The expression, when the property is not constant.
    public var expression: (any Expression)? {
        if case .expression(let expression, _) = storage { return expression }
        return nil
    }
}

/// A property's expression, evaluated with errors turned into nil (the caller uses the default).
@usableFromInline
final class PropertyExpression: Sendable {
    let expression: any Expression

    init(_ expression: any Expression) {
        self.expression = expression
    }

    @usableFromInline
    func evaluate(_ context: EvaluationContext) -> StyleValue? {
        try? expression.evaluate(context)
    }
}

extension StyleProperty where T == String {
    /// `text-field` as rich text: the sections of a `format` expression at its root or picked by
    /// `case` or `match` there, for one feature (nil for plain text, whose value `evaluate` gives).
    public func sections(zoom: Double, feature: any Feature) -> [TextSection]? {
        guard case .expression(var expression, _) = storage else { return nil }
        let context = EvaluationContext(zoom: zoom, feature: feature)
        while true {
            let picked: (any Expression)?
            if let branching = cast(expression, Case.self) {
                picked = try? branching.selectedOutput(context)
            } else if let branching = cast(expression, Match.self) {
                picked = try? branching.selectedOutput(context)
            } else {
                break
            }
            guard let picked else { return nil }
            expression = picked
        }
        guard let format = cast(expression, Format.self) else { return nil }
        return try? format.textSections(context)
    }
}
