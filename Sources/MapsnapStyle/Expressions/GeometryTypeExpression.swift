import MapsnapGeo
/// `["geometry-type"]`: "Point", "LineString", "Polygon" (or "Unknown").
struct GeometryTypeExpression: Expression, ExpressionOperator {
    static let names = ["geometry-type"]

    var type: ValueType { .string }
    var dependsOnFeature: Bool { true }
    var dependsOnZoom: Bool { false }

    private static let point = StyleValue.string(GeometryType.point.rawValue)
    private static let lineString = StyleValue.string(GeometryType.lineString.rawValue)
    private static let polygon = StyleValue.string(GeometryType.polygon.rawValue)
    private static let unknown = StyleValue.string(GeometryType.unknown.rawValue)

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard let geometryType = context.geometryType else { return .null }
        switch geometryType {
        case .point: return GeometryTypeExpression.point
        case .lineString: return GeometryTypeExpression.lineString
        case .polygon: return GeometryTypeExpression.polygon
        case .unknown: return GeometryTypeExpression.unknown
        }
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 0) else { return nil }
        return GeometryTypeExpression()
    }
}
