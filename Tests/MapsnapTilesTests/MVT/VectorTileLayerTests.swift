import Foundation
import Testing
@testable import MapsnapTiles
import MapsnapGeo

@Suite struct VectorTileLayerTests {
    @Test func appliesTheProtobufDefaultsForVersionAndExtent() throws {
        let tile = try VectorTile(data: tileData([TestLayer(name: "bare", version: nil, extent: nil)]))
        let layer = try #require(try tile.layer(named: "bare"))
        #expect(layer.version == 1)
        #expect(layer.extent == 4096)
        #expect(layer.featureCount == 0)
        #expect(layer.keys == [])
        #expect(layer.values == [])
    }

    @Test func readsVersionExtentKeysAndValues() throws {
        let tile = try VectorTile(data: tileData([TestLayer(
            name: "roads", version: 2, extent: 512, keys: ["class", "name"], values: [.string("primary"), .int(3)],
            features: [TestFeature(geometry: [9, 2, 2]), TestFeature(geometry: [9, 4, 4])])]))
        let layer = try #require(try tile.layer(named: "roads"))
        #expect(layer.name == "roads")
        #expect(layer.version == 2)
        #expect(layer.extent == 512)
        #expect(layer.featureCount == 2)
        #expect(layer.keys == ["class", "name"])
        #expect(layer.values == [.string("primary"), .number(3)])
    }

    @Test(arguments: [
        (TestValue.string("Monte-Carlo"), FeatureValue.string("Monte-Carlo")),
        (.string(""), .string("")),
        (.string("Ελληνικά 中文"), .string("Ελληνικά 中文")),
        (.float(1.5), .number(1.5)),
        (.float(0.1), .number(Double(Float(0.1)))),
        (.double(-3.25), .number(-3.25)),
        (.double(0.1), .number(0.1)),
        (.int(-7), .number(-7)),
        (.int(Int64.min), .number(-9_223_372_036_854_775_808)),
        (.uint(42), .number(42)),
        // Above 2^63 FeatureValue.description (MapsnapGeo) traps, so stay below it here.
        (.uint(1 << 62 + 1), .number(4_611_686_018_427_387_904)),
        (.sint(-300), .number(-300)),
        (.sint(300), .number(300)),
        (.bool(true), .bool(true)),
        (.bool(false), .bool(false)),
        (.raw(unknownFieldsOfEveryWireType + TestValue.string("after extensions").encoded), .string("after extensions")),
    ] as [(TestValue, FeatureValue)])
    func decodesEveryValueType(value: TestValue, expected: FeatureValue) throws {
        let layer = try singleLayerTile(keys: ["k"], values: [value], features: [TestFeature(tags: [0, 0], geometry: [9, 0, 0])])
        #expect(layer.values == [expected])
        #expect(try layer.feature(at: 0).property("k") == expected)
    }

    @Test func skipsUnknownLayerFieldsOfEveryWireType() throws {
        let tile = try VectorTile(data: tileData([TestLayer(
            name: "x", extent: 256, keys: ["a"], values: [.bool(true)],
            features: [TestFeature(tags: [0, 0], geometry: [9, 2, 2])], extra: unknownFieldsOfEveryWireType)]))
        let layer = try #require(try tile.layer(named: "x"))
        #expect(layer.extent == 256)
        #expect(layer.featureCount == 1)
        #expect(try layer.feature(at: 0).properties == ["a": .bool(true)])
    }

    @Test func iteratesFeaturesInFileOrder() throws {
        let layer = try singleLayerTile(features: (1...5).map { TestFeature(id: UInt64($0) * 10, geometry: [9, 2, 2]) })
        var ids: [FeatureValue?] = []
        try layer.forEachFeature { ids.append($0.id) }
        #expect(ids == [10, 20, 30, 40, 50].map { FeatureValue.number($0) })
        #expect(try layer.feature(at: 3).id == .number(40))
    }

    struct Stop: Error, Equatable {}

    @Test func passesOnWhatTheBodyThrows() throws {
        let layer = try singleLayerTile(features: [TestFeature(geometry: [9, 2, 2]), TestFeature(geometry: [9, 4, 4])])
        var seen = 0
        #expect(throws: Stop()) {
            try layer.forEachFeature { _ in
                seen += 1
                throw Stop()
            }
        }
        #expect(seen == 1)
    }

    @Test func reportsABrokenFeatureHeaderWhenIteratingReachesIt() throws {
        let bad = TestFeature(geometry: [9, 2, 2], extra: [0x08, 0x80]) // Feature.id: truncated varint
        let data = tileData([TestLayer(name: "test", features: [TestFeature(geometry: [9, 0, 0]), bad])])
        let layer = try #require(try VectorTile(data: data).layer(named: "test"))
        let offset = byteOffset(of: [0x08, 0x80], in: data) + 1
        var visited = 0
        #expect(throws: MVTError.truncatedVarint(offset: offset)) {
            try layer.forEachFeature { _ in visited += 1 }
        }
        #expect(visited == 1)
    }

    static func layerError(_ layer: TestLayer) -> MVTError? {
        do {
            _ = try VectorTile(data: tileData([layer])).layer(named: layer.name ?? "")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (TestLayer(name: "t", version: 3), MVTError.unsupportedVersion(3, layer: "t"), "layer 't' has unsupported version 3 (MVT 2.1 §4.1)"),
        (TestLayer(name: "t", version: 0), .unsupportedVersion(0, layer: "t"), "layer 't' has unsupported version 0 (MVT 2.1 §4.1)"),
        (TestLayer(name: "t", extent: 0), .invalidExtent(0, layer: "t"), "layer 't' has invalid extent 0 (MVT 2.1 §4.1)"),
        (TestLayer(name: "t", extent: 1 << 40), .invalidExtent(1 << 40, layer: "t"), "layer 't' has invalid extent 1099511627776 (MVT 2.1 §4.1)"),
        (TestLayer(name: "t", values: [.bool(true), .empty]), .valueWithoutType(index: 1, layer: "t"), "value 1 of layer 't' holds no value (MVT 2.1 §4.1)"),
        (TestLayer(name: "t", values: [.raw(unknownFieldsOfEveryWireType)]), .valueWithoutType(index: 0, layer: "t"), "value 0 of layer 't' holds no value (MVT 2.1 §4.1)"),
        // version 2, name "t", then Value{string_value as a varint}: the Value's key is byte 9.
        (TestLayer(name: "t", values: [.raw([0x08, 0x01])]), .unexpectedWireType(0, field: "Value.string_value", offset: 9),
         "unexpected wire type 0 for Value.string_value at byte 9"),
        (TestLayer(name: "t", values: [.raw([0x15, 0x01])]), .truncated(offset: 10, needed: 4, available: 1),
         "truncated field at byte 10: needs 4 bytes, 1 left"),
        (TestLayer(name: "t", extra: [0x28, 0x80]), .truncatedVarint(offset: 11), "truncated varint at byte 11"),
        (TestLayer(name: "t", extra: [0x10, 0x01]), .unexpectedWireType(0, field: "Layer.features", offset: 10),
         "unexpected wire type 0 for Layer.features at byte 10"),
        (TestLayer(name: "t", extra: [0x19, 0x01]), .unexpectedWireType(1, field: "Layer.keys", offset: 10),
         "unexpected wire type 1 for Layer.keys at byte 10"),
        (TestLayer(name: "t", extra: [0x7a, 0x00]), .unexpectedWireType(2, field: "Layer.version", offset: 10),
         "unexpected wire type 2 for Layer.version at byte 10"),
    ] as [(TestLayer, MVTError, String)])
    func rejectsMalformedLayers(layer: TestLayer, expected: MVTError, message: String) {
        #expect(Self.layerError(layer) == expected)
        #expect(expected.description == message)
    }
}
