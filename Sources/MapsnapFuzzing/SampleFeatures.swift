import MapsnapGeo

/// What styles and expressions are evaluated against: zooms across the whole range (fractional,
/// the ends, the spec's extremes) and features of each geometry type whose properties have the
/// names and kinds OpenMapTiles data and MapLibre's expression tests use, plus the odd values
/// (NaN, infinities, empty and long strings) real tiles can carry.
enum SampleFeatures {
    static let zooms: [Double] = [0, 0.5, 5, 11.25, 14, 17.999, 22, 24]

    /// nil stands for "no feature" (zoom-only evaluation, as painters do once per layer).
    static let features: [(any Feature & Sendable)?] = [
        nil,
        Sample(geometryType: .point, id: .number(1), properties: [
            "name": .string("Monaco"), "name:latin": .string("Monaco"), "class": .string("city"),
            "rank": .number(3), "population": .number(38_000), "capital": .bool(true),
        ]),
        Sample(geometryType: .lineString, id: .number(-0.0), properties: [
            "class": .string("primary"), "subclass": .string(""), "brunnel": .string("bridge"), "layer": .number(-1),
            "oneway": .number(1), "x": .number(.nan), "y": .number(.infinity), "ref": .string(String(repeating: "A9 ", count: 40)),
        ]),
        Sample(geometryType: .polygon, id: .number(1e300), properties: [
            "class": .string("water"), "intermittent": .bool(false), "height": .number(-1e308),
            "x": .number(-.infinity), "name": .string("Ηλιούπολη 東京 🗺"),
        ]),
        Sample(geometryType: .unknown, id: .string("id"), properties: [:]),
    ]

    private struct Sample: Feature, Sendable {
        var geometryType: GeometryType
        var id: FeatureValue?
        var properties: [String: FeatureValue]
        func property(_ key: String) -> FeatureValue? { properties[key] }
    }
}
