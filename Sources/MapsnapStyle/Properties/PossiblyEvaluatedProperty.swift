import MapsnapGeo

/// A property at one zoom, MapLibre's "possibly evaluated" phase: evaluated once when it does not
/// read the feature, kept with the zoom to evaluate per feature when it does. The generated
/// `<Type>Layer.PossiblyEvaluated` holds one per property; painters read those and never call
/// `StyleProperty.evaluate` themselves.
public enum PossiblyEvaluatedProperty<T: Sendable>: Sendable {
    case constant(T)
    case perFeature(StyleProperty<T>, zoom: Double)

    public init(_ property: StyleProperty<T>, zoom: Double) {
        self = property.dependsOnFeature ? .perFeature(property, zoom: zoom) : .constant(property.evaluate(zoom: zoom, feature: nil))
    }

    public var dependsOnFeature: Bool {
        if case .perFeature = self { return true }
        return false
    }

    /// The value for a feature. A per-feature property asked without one gives what its
    /// expression gives for no feature (usually the spec default).
    @inlinable
    public func evaluate(for feature: (any Feature)?) -> T {
        switch self {
        case .constant(let value): value
        case .perFeature(let property, let zoom): property.evaluate(zoom: zoom, feature: feature)
        }
    }

    /// The value when it is the same for every feature; nil when it is evaluated per feature.
    public var constantValue: T? {
        if case .constant(let value) = self { return value }
        return nil
    }
}
