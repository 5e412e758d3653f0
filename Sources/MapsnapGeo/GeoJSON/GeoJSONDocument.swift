/// What `GeoJSONReader` read: the features in document order and, with MapLibre's rules, the
/// features it skipped.
public struct GeoJSONDocument: Equatable, Sendable {
    public var features: [GeoJSONFeature]
    /// One error per skipped feature of a FeatureCollection (MapLibre's rules only: with strict
    /// rules the first problem throws).
    public var problems: [GeoJSONError]

    public init(features: [GeoJSONFeature] = [], problems: [GeoJSONError] = []) {
        self.features = features
        self.problems = problems
    }
}
