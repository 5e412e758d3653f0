/// A typed paint or layout property: a constant, or an expression (zoom function, data-driven
/// or both) evaluated per render or per feature.
public struct StyleProperty<T: Sendable>: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case constant(T)
        case expression(any Expression, convert: @Sendable (StyleValue) -> T?)
    }

    @usableFromInline let storage: Storage
    /// The spec default, used when an evaluation fails or gives a value of the wrong type.
    public let defaultValue: T
    /// false → the renderer can evaluate once per layer per render.
    public let dependsOnFeature: Bool
    public let dependsOnZoom: Bool

    init(storage: Storage, defaultValue: T) {
        self.storage = storage
        self.defaultValue = defaultValue
        switch storage {
        case .constant:
            dependsOnFeature = false
            dependsOnZoom = false
        case .expression(let expression, _):
            dependsOnFeature = expression.dependsOnFeature
            dependsOnZoom = expression.dependsOnZoom
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
        switch storage {
        case .constant(let value):
            return value
        case .expression(let expression, let convert):
            do {
                return convert(try expression.evaluate(EvaluationContext(zoom: zoom, feature: feature))) ?? defaultValue
            } catch {
                return defaultValue
            }
        }
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
