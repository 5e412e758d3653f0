import Foundation
import Testing
@testable import MapsnapTiles
import MapsnapGeo

@Suite struct VectorTileFeatureTests {
    // MARK: header

    @Test(arguments: [
        (UInt64?.none, GeometryType.unknown), (0, .unknown), (1, .point), (2, .lineString), (3, .polygon), (4, .unknown), (300, .unknown),
    ] as [(UInt64?, GeometryType)])
    func mapsTheGeometryType(type: UInt64?, expected: GeometryType) throws {
        #expect(try decodedFeature(TestFeature(type: type)).geometryType == expected)
    }

    @Test(arguments: [
        (UInt64?.none, FeatureValue?.none), (0, .number(0)), (42, .number(42)), (1 << 53, .number(9_007_199_254_740_992)),
    ] as [(UInt64?, FeatureValue?)])
    func readsTheID(id: UInt64?, expected: FeatureValue?) throws {
        #expect(try decodedFeature(TestFeature(id: id)).id == expected)
    }

    @Test func skipsUnknownFeatureFieldsOfEveryWireType() throws {
        let feature = try decodedFeature(TestFeature(id: 9, tags: [0, 0], type: 2, geometry: [9, 2, 2, 10, 4, 4],
                                                     extra: unknownFieldsOfEveryWireType),
                                         keys: ["class"], values: [.string("path")])
        #expect(feature.id == .number(9))
        #expect(feature.geometryType == .lineString)
        #expect(feature.property("class") == .string("path"))
        #expect(try feature.geometryParts() == [points([(1, 1), (3, 3)])])
    }

    @Test func rejectsTagsWithTheWrongWireType() throws {
        let data = tileData([TestLayer(name: "test", features: [TestFeature(geometry: [9, 0, 0], extra: [0x10, 0x05])])])
        let offset = byteOffset(of: [0x10, 0x05], in: data)
        let layer = try #require(try VectorTile(data: data).layer(named: "test"))
        let expected = MVTError.unexpectedWireType(0, field: "Feature.tags", offset: offset)
        #expect(throws: expected) { try layer.feature(at: 0) }
        #expect(expected.description == "unexpected wire type 0 for Feature.tags at byte \(offset)")
    }

    // MARK: properties

    static let keys = ["name", "height", "oneway", "class", "rank"]
    static let values: [TestValue] = [.string("Rue Grimaldi"), .double(12.5), .bool(true), .string("secondary"), .sint(-2)]

    @Test func looksUpEachProperty() throws {
        let feature = try decodedFeature(TestFeature(tags: [0, 0, 1, 1, 2, 2, 4, 4]), keys: Self.keys, values: Self.values)
        #expect(feature.property("name") == .string("Rue Grimaldi"))
        #expect(feature.property("height") == .number(12.5))
        #expect(feature.property("oneway") == .bool(true))
        #expect(feature.property("rank") == .number(-2))
        #expect(feature.property("class") == nil) // a key of the layer, not of this feature
        #expect(feature.property("missing") == nil) // not a key of the layer
        #expect(feature.properties == ["name": .string("Rue Grimaldi"), "height": .number(12.5), "oneway": .bool(true), "rank": .number(-2)])
        #expect(try feature.validatedProperties() == feature.properties)
    }

    @Test func sharesValuesBetweenKeysAndFeatures() throws {
        let layer = try singleLayerTile(keys: ["a", "b"], values: [.string("x"), .string("y")], features: [
            TestFeature(tags: [0, 1, 1, 1]), TestFeature(tags: [1, 0]),
        ])
        #expect(try layer.feature(at: 0).properties == ["a": .string("y"), "b": .string("y")])
        #expect(try layer.feature(at: 1).properties == ["b": .string("x")])
    }

    @Test func hasNoPropertiesWithoutTags() throws {
        let feature = try decodedFeature(TestFeature(tags: []), keys: ["a"], values: [.bool(false)])
        #expect(feature.property("a") == nil)
        #expect(feature.properties == [:])
    }

    @Test func findsAKeyTheLayerListsTwice() throws {
        // MVT 2.1 §4.1 says keys SHOULD NOT repeat; a feature may still point at the second copy.
        let feature = try decodedFeature(TestFeature(tags: [1, 0]), keys: ["class", "class"], values: [.string("rail")])
        #expect(feature.property("class") == .string("rail"))
        #expect(feature.properties == ["class": .string("rail")])
    }

    @Test func keepsTheFirstValueOfAKeyGivenTwice() throws {
        // Against §4.4 (key indices unique within a feature): property(_:) and properties agree.
        for keys in [["class"], ["class", "class"]] {
            let second = UInt32(keys.count - 1)
            let feature = try decodedFeature(TestFeature(tags: [0, 0, second, 1]), keys: keys, values: [.string("rail"), .string("bus")])
            #expect(feature.property("class") == .string("rail"))
            #expect(feature.properties == ["class": .string("rail")])
        }
    }

    /// Small key tables are searched one by one, large ones through a dictionary: both must agree.
    @Test(arguments: [4, 16, 17, 200])
    func looksUpKeysInSmallAndLargeLayers(keyCount: Int) throws {
        let keys = (0..<keyCount).map { "key\($0)" } + ["key1"] // the last one repeats an earlier key
        let values: [TestValue] = (0..<keyCount).map { .int(Int64($0)) }
        let last = UInt32(keyCount - 1)
        let feature = try decodedFeature(TestFeature(tags: [last, last, UInt32(keyCount), 0]), keys: keys, values: values)
        #expect(feature.property("key\(keyCount - 1)") == .number(Double(keyCount - 1)))
        #expect(feature.property("key1") == .number(0)) // found through the repeated key's second index
        #expect(feature.property("key0") == nil)
        #expect(feature.property("key\(keyCount)") == nil)
        #expect(feature.properties == ["key\(keyCount - 1)": .number(Double(keyCount - 1)), "key1": .number(0)])
    }

    @Test(arguments: [
        ([0, 0, 1], MVTError.oddTagCount(3), "odd number of tag indices (3) (MVT 2.1 §4.4)"),
        ([0, 0, 17, 0], .tagKeyIndexOutOfRange(17, keyCount: 5), "tag key index 17 out of range (layer has 5 keys) (MVT 2.1 §4.4)"),
        ([0, 0, 3, 5], .tagValueIndexOutOfRange(5, valueCount: 5), "tag value index 5 out of range (layer has 5 values) (MVT 2.1 §4.4)"),
    ] as [([UInt32], MVTError, String)])
    func reportsBadTags(tags: [UInt32], expected: MVTError, message: String) throws {
        let feature = try decodedFeature(TestFeature(tags: tags), keys: Self.keys, values: Self.values)
        #expect(throws: expected) { try feature.validatedProperties() }
        #expect(expected.description == message)
        // The non-throwing accessors keep the good pair and leave the bad one out.
        #expect(feature.properties == ["name": .string("Rue Grimaldi")])
        #expect(feature.property("name") == .string("Rue Grimaldi"))
        #expect(feature.property("class") == nil)
    }

    @Test func reportsATruncatedTagVarint() throws {
        let data = tileData([TestLayer(name: "test", keys: ["a"], values: [.bool(true)],
                                       features: [TestFeature(type: 1, extra: [0x12, 0x02, 0x00, 0x80])])])
        let offset = byteOffset(of: [0x12, 0x02, 0x00, 0x80], in: data) + 3
        let feature = try #require(try VectorTile(data: data).layer(named: "test")).feature(at: 0)
        #expect(throws: MVTError.truncatedVarint(offset: offset)) { try feature.validatedProperties() }
        #expect(feature.properties == [:])
        #expect(feature.property("a") == nil)
    }

    // MARK: geometry

    /// The encodings are the examples of MVT 2.1 §4.3.5.
    @Test(arguments: [
        (UInt64(1), [9, 50, 34] as [UInt32], [points([(25, 17)])]),
        (1, [17, 10, 14, 3, 9], [points([(5, 7)]), points([(3, 2)])]),
        (2, [9, 4, 4, 18, 0, 16, 16, 0], [points([(2, 2), (2, 10), (10, 10)])]),
        (2, [9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8], [points([(2, 2), (2, 10), (10, 10)]), points([(1, 1), (3, 5)])]),
        (3, [9, 6, 12, 18, 10, 12, 24, 44, 15], [closedRing([(3, 6), (8, 12), (20, 34)])]),
        (3, [9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15, 9, 22, 2, 26, 18, 0, 0, 18, 17, 0, 15, 9, 4, 13, 26, 0, 8, 8, 0, 0, 7, 15],
         [closedRing([(0, 0), (10, 0), (10, 10), (0, 10)]), closedRing([(11, 11), (20, 11), (20, 20), (11, 20)]),
          closedRing([(13, 13), (13, 17), (17, 17), (17, 13)])]),
        // UNKNOWN geometry: decoded with the same rules, nothing forbidden.
        (0, [9, 2, 2, 10, 2, 2, 15], [closedRing([(1, 1), (2, 2)])]),
        (2, [], []),
    ] as [(UInt64, [UInt32], [[TilePoint]])])
    func decodesTheSpecExamples(type: UInt64, geometry: [UInt32], expected: [[TilePoint]]) throws {
        #expect(try decodedFeature(TestFeature(type: type, geometry: geometry)).geometryParts() == expected)
    }

    @Test func carriesTheCursorAcrossPartsAndIntoTheBuffer() throws {
        var encoder = GeometryEncoder()
        encoder.moveTo([(-64, 100)])
        encoder.lineTo([(4160, 100), (4160, -64)])
        encoder.moveTo([(2048, 2048)])
        encoder.lineTo([(2049, 2049)])
        let feature = try decodedFeature(TestFeature(type: 2, geometry: encoder.integers))
        #expect(try feature.geometryParts() == [points([(-64, 100), (4160, 100), (4160, -64)]), points([(2048, 2048), (2049, 2049)])])
    }

    @Test func decodesAMultiPolygonWithHoles() throws {
        var encoder = GeometryEncoder()
        let outer = [(0, 0), (100, 0), (100, 100), (0, 100)] as [(Int32, Int32)]
        let hole1 = [(10, 10), (10, 20), (20, 20), (20, 10)] as [(Int32, Int32)]
        let hole2 = [(50, 50), (50, 60), (60, 60), (60, 50)] as [(Int32, Int32)]
        let second = [(200, 200), (300, 200), (300, 300)] as [(Int32, Int32)]
        for ring in [outer, hole1, hole2, second] { encoder.ring(ring) }
        let parts = try decodedFeature(TestFeature(type: 3, geometry: encoder.integers)).geometryParts()
        #expect(parts == [closedRing(outer), closedRing(hole1), closedRing(hole2), closedRing(second)])
        #expect(classifyRings(parts) == [[closedRing(outer), closedRing(hole1), closedRing(hole2)], [closedRing(second)]])
    }

    @Test func decodesLargeCoordinatesAndMultiByteVarints() throws {
        var encoder = GeometryEncoder()
        encoder.moveTo([(1_000_000, -1_000_000), (Int32.max, Int32.min + 1)])
        #expect(try decodedFeature(TestFeature(type: 1, geometry: encoder.integers)).geometryParts()
            == [points([(1_000_000, -1_000_000)]), points([(Int32.max, Int32.min + 1)])])
    }

    @Test func decodesOnEachCall() throws {
        let feature = try decodedFeature(TestFeature(type: 2, geometry: [9, 4, 4, 18, 0, 16, 16, 0]))
        #expect(try feature.geometryParts() == feature.geometryParts())
    }

    @Test(arguments: [
        (UInt64(2), [13, 0, 0] as [UInt32], MVTError.unknownCommand(5), "unknown geometry command 5 (MVT 2.1 §4.3.1)"),
        (2, [9, 2, 2, 8], .unknownCommand(0), "unknown geometry command 0 (MVT 2.1 §4.3.1)"),
        (2, [10, 2, 2], .lineToWithoutMoveTo, "LineTo with no preceding MoveTo (MVT 2.1 §4.3.4)"),
        (3, [9, 0, 0, 18, 2, 0, 0, 2, 15, 10, 2, 2], .lineToWithoutMoveTo, "LineTo with no preceding MoveTo (MVT 2.1 §4.3.4)"),
        (3, [15], .closePathWithoutMoveTo, "ClosePath with no preceding MoveTo (MVT 2.1 §4.3.4.4)"),
        (3, [9, 0, 0, 18, 2, 0, 0, 2, 15, 15], .closePathWithoutMoveTo, "ClosePath with no preceding MoveTo (MVT 2.1 §4.3.4.4)"),
        (1, [9, 2, 2, 10, 2, 2], .commandNotAllowed(.lineTo, in: .point), "LineTo in a Point geometry (MVT 2.1 §4.3.4.2)"),
        (1, [9, 2, 2, 15], .commandNotAllowed(.closePath, in: .point), "ClosePath in a Point geometry (MVT 2.1 §4.3.4.2)"),
        (2, [9, 2, 2, 10, 2, 2, 15], .commandNotAllowed(.closePath, in: .lineString), "ClosePath in a LineString geometry (MVT 2.1 §4.3.4.3)"),
        (1, [1], .invalidCommandCount(.moveTo, count: 0, in: .point), "MoveTo with count 0 in a Point geometry (MVT 2.1 §4.3.4.2)"),
        (2, [17, 2, 2, 4, 4], .invalidCommandCount(.moveTo, count: 2, in: .lineString), "MoveTo with count 2 in a LineString geometry (MVT 2.1 §4.3.4.3)"),
        (3, [17, 2, 2, 4, 4], .invalidCommandCount(.moveTo, count: 2, in: .polygon), "MoveTo with count 2 in a Polygon geometry (MVT 2.1 §4.3.4.4)"),
        (3, [9, 0, 0, 18, 2, 0, 0, 2, 23], .invalidCommandCount(.closePath, count: 2, in: .polygon), "ClosePath with count 2 in a Polygon geometry (MVT 2.1 §4.3.3.3)"),
        (1, [25, 2, 2, 4], .geometryTruncated(.moveTo, parameters: 6, available: 3), "MoveTo needs 6 parameter integers, the geometry has 3 left (MVT 2.1 §4.3.2)"),
        (2, [9, 2, 2, 26, 2, 2], .geometryTruncated(.lineTo, parameters: 6, available: 2), "LineTo needs 6 parameter integers, the geometry has 2 left (MVT 2.1 §4.3.2)"),
        (2, [9], .geometryTruncated(.moveTo, parameters: 2, available: 0), "MoveTo needs 2 parameter integers, the geometry has 0 left (MVT 2.1 §4.3.2)"),
        (1, [0xffff_fff9], .geometryTruncated(.moveTo, parameters: 1_073_741_822, available: 0), "MoveTo needs 1073741822 parameter integers, the geometry has 0 left (MVT 2.1 §4.3.2)"),
        (3, [9, 0, 0, 18, 2, 0, 0, 2], .ringNotClosed, "polygon ring not closed by ClosePath (MVT 2.1 §4.3.4.4)"),
        (3, [9, 0, 0, 18, 2, 0, 0, 2, 9, 4, 4], .ringNotClosed, "polygon ring not closed by ClosePath (MVT 2.1 §4.3.4.4)"),
    ] as [(UInt64, [UInt32], MVTError, String)])
    func rejectsBadGeometry(type: UInt64, geometry: [UInt32], expected: MVTError, message: String) throws {
        let feature = try decodedFeature(TestFeature(type: type, geometry: geometry))
        #expect(throws: expected) { try feature.geometryParts() }
        #expect(expected.description == message)
    }

    @Test func reportsATruncatedGeometryVarint() throws {
        let data = tileData([TestLayer(name: "test", features: [TestFeature(type: 1, extra: [0x22, 0x02, 0x09, 0x80])])])
        let offset = byteOffset(of: [0x22, 0x02, 0x09, 0x80], in: data) + 3
        let feature = try #require(try VectorTile(data: data).layer(named: "test")).feature(at: 0)
        #expect(throws: MVTError.truncatedVarint(offset: offset)) { try feature.geometryParts() }
    }
}
