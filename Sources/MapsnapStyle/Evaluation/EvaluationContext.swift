/// What an expression is evaluated against: the map zoom (MapLibre zoom, 512-px world at 0)
/// and, for data-driven expressions, the feature.
public struct EvaluationContext {
    public var zoom: Double
    public var feature: (any Feature)?

    public init(zoom: Double, feature: (any Feature)? = nil) {
        self.zoom = zoom
        self.feature = feature
    }
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
