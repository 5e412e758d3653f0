/// `["geometry-type"]`: "Point", "LineString", "Polygon" (or "Unknown").
struct GeometryTypeExpression: Expression, ExpressionOperator {
    static let names = ["geometry-type"]

    var type: ValueType { .string }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    /// Built once so evaluation returns a shared string.
    private static let values: [GeometryType: StyleValue] = [
        .point: .string(GeometryType.point.rawValue), .lineString: .string(GeometryType.lineString.rawValue),
        .polygon: .string(GeometryType.polygon.rawValue), .unknown: .string(GeometryType.unknown.rawValue),
    ]

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard let feature = context.feature else { return .null }
        return GeometryTypeExpression.values[feature.geometryType] ?? .null
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 0) else { return nil }
        return GeometryTypeExpression()
    }
}
