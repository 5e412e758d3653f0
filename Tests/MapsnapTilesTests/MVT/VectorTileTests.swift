import Foundation
import Testing
@testable import MapsnapTiles

@Suite struct VectorTileTests {
    @Test func listsLayerNamesInFileOrder() throws {
        let tile = try VectorTile(data: tileData([TestLayer(name: "water"), TestLayer(name: "roads"), TestLayer(name: "labels")]))
        #expect(tile.layerNames == ["water", "roads", "labels"])
        #expect(tile.layerCount == 3)
        #expect(try tile.layer(named: "roads")?.name == "roads")
        #expect(try tile.layer(at: 2).name == "labels")
    }

    @Test func returnsNilForAMissingLayer() throws {
        let tile = try VectorTile(data: tileData([TestLayer(name: "water")]))
        #expect(try tile.layer(named: "Water") == nil)
        #expect(try tile.layer(named: "") == nil)
    }

    @Test func decodesAnEmptyTile() throws {
        let tile = try VectorTile(data: Data())
        #expect(tile.layerNames == [])
        #expect(try tile.layer(named: "water") == nil)
    }

    @Test func skipsUnknownTopLevelFieldsOfEveryWireType() throws {
        var writer = ProtobufWriter()
        writer.raw(unknownFieldsOfEveryWireType)
        writer.bytesField(3, TestLayer(name: "first").encoded)
        writer.raw(unknownFieldsOfEveryWireType)
        writer.bytesField(3, TestLayer(name: "second").encoded)
        writer.raw(unknownFieldsOfEveryWireType)
        let tile = try VectorTile(data: Data(writer.bytes))
        #expect(tile.layerNames == ["first", "second"])
    }

    @Test func findsANameThatComesAfterTheFeatures() throws {
        var layer = ProtobufWriter()
        layer.bytesField(2, TestFeature(id: 7, geometry: [9, 2, 2]).encoded)
        layer.stringField(1, "late")
        var tile = ProtobufWriter()
        tile.bytesField(3, layer.bytes)
        let decoded = try VectorTile(data: Data(tile.bytes))
        #expect(decoded.layerNames == ["late"])
        #expect(try decoded.layer(named: "late")?.featureCount == 1)
    }

    @Test func takesTheFirstOfTwoLayersWithOneName() throws {
        let tile = try VectorTile(data: tileData([TestLayer(name: "dup", extent: 512), TestLayer(name: "dup", extent: 1024)]))
        #expect(tile.layerNames == ["dup", "dup"])
        #expect(try tile.layer(named: "dup")?.extent == 512)
    }

    @Test func decodesEachLayerOnceAndSharesItAcrossCopies() throws {
        let tile = try VectorTile(data: tileData([TestLayer(name: "water")]))
        let copy = tile
        let first = try #require(try tile.layer(named: "water"))
        let second = try #require(try copy.layer(named: "water"))
        #expect(first.storage === second.storage)
    }

    @Test func sharesOneTileAcrossTasks() async throws {
        // Many tasks open the same layers of one tile at once: the layer cache must hand each the same,
        // fully built layer.
        let layers = (0..<6).map { index in
            TestLayer(name: "layer\(index)", keys: ["n"], values: [.int(Int64(index))],
                      features: (0..<50).map { _ in TestFeature(tags: [0, 0], type: 1, geometry: [9, 2, 2]) })
        }
        let tile = try VectorTile(data: tileData(layers))
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var sum = 0
                    for name in tile.layerNames {
                        try #require(try tile.layer(named: name)).forEachFeature { feature in
                            if case .number(let n)? = feature.property("n") { sum += Int(n) }
                        }
                    }
                    return sum
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 50 * (0 + 1 + 2 + 3 + 4 + 5), count: 16))
    }

    @Test func outlivesItsData() throws {
        var data = tileData([TestLayer(name: "water", keys: ["class"], values: [.string("ocean")],
                                       features: [TestFeature(tags: [0, 0], type: 1, geometry: [9, 2, 2])])])
        let tile = try VectorTile(data: data)
        data.resetBytes(in: 0..<data.count)
        let feature = try #require(try tile.layer(named: "water")).feature(at: 0)
        #expect(feature.property("class") == .string("ocean"))
        #expect(try feature.geometryParts() == [points([(1, 1)])])
    }

    static let oneLayer = tileData([TestLayer(name: "a")])

    @Test(arguments: [
        ([0x80], MVTError.truncatedVarint(offset: 0), "truncated varint at byte 0"),
        ([0x1a, 0x80], .truncatedVarint(offset: 1), "truncated varint at byte 1"),
        ([0x08] + [UInt8](repeating: 0xff, count: 10) + [0x01], .varintTooLong(offset: 1), "varint longer than 10 bytes at byte 1"),
        ([0x1a, 0x05, 0x0a], .truncated(offset: 1, needed: 5, available: 1), "truncated field at byte 1: needs 5 bytes, 1 left"),
        ([0x21, 1, 2, 3], .truncated(offset: 1, needed: 8, available: 3), "truncated field at byte 1: needs 8 bytes, 3 left"),
        ([0x25, 1], .truncated(offset: 1, needed: 4, available: 1), "truncated field at byte 1: needs 4 bytes, 1 left"),
        ([UInt8](oneLayer) + [0x0b], .unsupportedWireType(3, offset: oneLayer.count), "unsupported wire type 3 at byte \(oneLayer.count)"),
        ([0x0c], .unsupportedWireType(4, offset: 0), "unsupported wire type 4 at byte 0"),
        ([0x0e], .unsupportedWireType(6, offset: 0), "unsupported wire type 6 at byte 0"),
        ([0x1f], .unsupportedWireType(7, offset: 0), "unsupported wire type 7 at byte 0"),
        ([0x02, 0x00], .invalidFieldNumber(offset: 0), "invalid field number 0 at byte 0"),
        ([0x18, 0x01], .unexpectedWireType(0, field: "Tile.layers", offset: 0), "unexpected wire type 0 for Tile.layers at byte 0"),
        ([0x1a, 0x02, 0x78, 0x02], .layerWithoutName(offset: 2), "layer at byte 2 has no name (MVT 2.1 §4.1)"),
        ([0x1a, 0x02, 0x08, 0x01], .unexpectedWireType(0, field: "Layer.name", offset: 2), "unexpected wire type 0 for Layer.name at byte 2"),
        ([0x1a, 0x02, 0x0b, 0x01], .unsupportedWireType(3, offset: 2), "unsupported wire type 3 at byte 2"),
    ] as [([UInt8], MVTError, String)])
    func rejectsMalformedTopLevel(bytes: [UInt8], expected: MVTError, message: String) {
        #expect(throws: expected) { try VectorTile(data: Data(bytes)) }
        #expect(expected.description == message)
    }
}
