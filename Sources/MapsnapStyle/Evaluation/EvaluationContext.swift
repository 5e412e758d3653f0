import MapsnapGeo
/// What an expression is evaluated against: the map zoom (MapLibre zoom, 512-px world at 0)
/// and, for data-driven expressions, the feature.
public struct EvaluationContext {
    public var zoom: Double
    /// `["line-progress"]`: how far along its line (0…1) a `line-gradient` is evaluated.
    public var lineProgress: Double = 0
    /// The feature, or `NoFeature` when there is none. Stored as a plain existential rather than
    /// an optional one: reading a property through `(any Feature)?` copied the feature (and
    /// retained what it holds) on every `get`; this way `property(_:)` calls straight through.
    @usableFromInline var subject: any Feature
    @usableFromInline var hasFeature: Bool

    public var feature: (any Feature)? {
        get { hasFeature ? subject : nil }
        set {
            hasFeature = newValue != nil
            subject = newValue ?? NoFeature()
        }
    }

    public init(zoom: Double, feature: (any Feature)? = nil) {
        self.zoom = zoom
        hasFeature = feature != nil
        subject = feature ?? NoFeature()
    }

    /// With a feature (what filters and data-driven properties use).
    @inlinable
    public init(zoom: Double, feature: any Feature) {
        self.zoom = zoom
        hasFeature = true
        subject = feature
    }

    /// The feature's property `key` (nil when it lacks it, or without a feature).
    @inline(__always)
    func property(_ key: String) -> FeatureValue? { subject.property(key) }

    /// The feature's geometry type, nil without a feature.
    @inline(__always)
    var geometryType: GeometryType? { hasFeature ? subject.geometryType : nil }
}

/// Stands in for "no feature" in `EvaluationContext`.
@usableFromInline
struct NoFeature: Feature {
    @usableFromInline init() {}
    @usableFromInline var geometryType: GeometryType { .unknown }
    @usableFromInline var id: FeatureValue? { nil }
    @usableFromInline func property(_ key: String) -> FeatureValue? { nil }
    @usableFromInline var properties: [String: FeatureValue] { [:] }
}

/// A run-time failure (a type assertion that did not hold, an unparsable colour, …). Callers
/// turn it into the property's default value, as MapLibre does.
public struct EvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// "Expected value to be of type number, but found null instead."
    static func typeMismatch(expected: ValueType, actual: ValueType) -> EvaluationError {
        EvaluationError("Expected value to be of type \(expected), but found \(actual) instead.")
    }
}
