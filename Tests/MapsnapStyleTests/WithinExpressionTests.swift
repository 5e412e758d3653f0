import Testing
@testable import MapsnapStyle
import MapsnapGeo

/// `within`: MapLibre's containment rule on features that know where they lie.
@Suite struct WithinExpressionTests {
    /// A feature at given places (longitude, latitude), in the units of a zoom-`z` tile.
    struct PlacedFeature: Feature {
        let geometryType: GeometryType
        let places: [[(Double, Double)]]
        var z = 0
        var id: FeatureValue? { nil }
        var properties: [String: FeatureValue] { [:] }
        func property(_ key: String) -> FeatureValue? { nil }
        func worldGeometry() -> WorldGeometry? {
            let frame = WorldGeometry(type: geometryType, parts: [], worldExtent: WorldGeometry.extent * Double(1 << z))
            return WorldGeometry(type: geometryType, parts: places.map { $0.map { frame.units(of: LatLon($0.1, $0.0)) } },
                                 worldExtent: frame.worldExtent)
        }
    }

    static let square = #"{"type": "Polygon", "coordinates": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]}"#
    static let squareWithHole = #"{"type": "Polygon", "coordinates": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]], [[2, 2], [2, 3], [3, 3], [3, 2], [2, 2]]]}"#

    func within(_ geojson: String, _ feature: any Feature) throws -> StyleValue {
        let parsed = parseExpression(#"["within", \#(geojson)]"#)
        let expression = try #require(parsed.expression, "\(parsed.errors)")
        return try expression.evaluate(EvaluationContext(zoom: 3, feature: feature))
    }

    @Test func pointsInsideOutsideAndOnTheEdge() throws {
        #expect(try within(Self.square, PlacedFeature(geometryType: .point, places: [[(2, 1)]], z: 3)) == .bool(true))
        #expect(try within(Self.square, PlacedFeature(geometryType: .point, places: [[(6, 1)]], z: 3)) == .bool(false))
        // On the west edge: outside, as in MapLibre.
        #expect(try within(Self.square, PlacedFeature(geometryType: .point, places: [[(0, 1)]], z: 3)) == .bool(false))
        // In the hole.
        #expect(try within(Self.squareWithHole, PlacedFeature(geometryType: .point, places: [[(2.5, 2.5)]], z: 3)) == .bool(false))
        // A multipoint is within only when every point is.
        #expect(try within(Self.square, PlacedFeature(geometryType: .point, places: [[(1, 1)], [(7, 1)]], z: 3)) == .bool(false))
    }

    @Test func linesMustNotCrossAnEdge() throws {
        #expect(try within(Self.square, PlacedFeature(geometryType: .lineString, places: [[(1, 1), (4, 4)]], z: 3)) == .bool(true))
        #expect(try within(Self.square, PlacedFeature(geometryType: .lineString, places: [[(1, 1), (7, 4)]], z: 3)) == .bool(false))
        // Both ends inside, the middle through the hole.
        #expect(try within(Self.squareWithHole, PlacedFeature(geometryType: .lineString, places: [[(1, 2.5), (4, 2.5)]], z: 3)) == .bool(false))
    }

    @Test func polygonsAndUnplacedFeaturesAreNotWithin() throws {
        #expect(try within(Self.square, PlacedFeature(geometryType: .polygon, places: [[(1, 1), (2, 1), (2, 2), (1, 1)]])) == .bool(false))
        #expect(try within(Self.square, MockFeature()) == .bool(false))
    }

    @Test func featureCollectionsAndMultiPolygons() throws {
        let collection = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "MultiPolygon", "coordinates": [[[[10, 10], [10, 12], [12, 12], [12, 10], [10, 10]]], [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]]}}]}"#
        #expect(try within(collection, PlacedFeature(geometryType: .point, places: [[(11, 11)]], z: 3)) == .bool(true))
        #expect(try within(collection, PlacedFeature(geometryType: .point, places: [[(8, 8)]], z: 3)) == .bool(false))
    }

    @Test(arguments: [
        #"["within", {"type": "Point", "coordinates": [0, 0]}]"#,
        #"["within", {"type": "Polygon", "coordinates": [[[0, 0], [0, "x"], [5, 5], [0, 0]]]}]"#,
        #"["within", {"type": "Polygon", "coordinates": [[[0, 0], [0, 95], [5, 5], [0, 0]]]}]"#,
        #"["within", {"type": "Polygon", "coordinates": [[[0, 0], [1e308, 5], [5, 5], [0, 0]]]}]"#,
        #"["within", {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}]}]"#,
        #"["within", "nowhere"]"#,
        #"["within"]"#,
    ])
    func refusesWhatIsNotPolygons(_ text: String) {
        let parsed = parseExpression(text)
        #expect(parsed.expression == nil)
        #expect(!parsed.errors.isEmpty)
    }
}
