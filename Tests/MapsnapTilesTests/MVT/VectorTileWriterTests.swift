import Foundation
import Testing
import MapsnapFormats
@testable import MapsnapTiles

/// What `VectorTileWriter` writes, read back by `VectorTile`.
@Suite struct VectorTileWriterTests {
    static func p(_ x: Int32, _ y: Int32) -> TilePoint { TilePoint(x: x, y: y) }

    static func roundTrip(_ features: [VectorTileWriter.Feature], extent: Int = 4096) throws -> VectorTileLayer {
        var writer = VectorTileWriter()
        writer.addLayer(name: "layer", extent: extent, features: features)
        let tile = try VectorTile(data: writer.data)
        #expect(tile.layerNames == ["layer"])
        return try #require(try tile.layer(named: "layer"))
    }

    @Test func featuresPropertiesAndIdsRoundTrip() throws {
        let layer = try Self.roundTrip([
            .init(id: 7, type: .point, parts: [[Self.p(1, 2)], [Self.p(-5, 4100)]],
                  properties: [("name", .string("Kiosk")), ("height", .number(2.5)), ("open", .bool(true))]),
            .init(type: .lineString, parts: [[Self.p(0, 0), Self.p(10, 0), Self.p(10, 10)]], properties: [("name", .string("Kiosk"))]),
        ], extent: 8192)
        #expect(layer.extent == 8192)
        #expect(layer.version == 2)
        #expect(layer.featureCount == 2)
        #expect(layer.keys == ["name", "height", "open"])
        #expect(layer.values == [.string("Kiosk"), .number(2.5), .bool(true)])  // shared values are written once
        let point = try layer.feature(at: 0)
        #expect(point.id == .number(7))
        #expect(point.geometryType == .point)
        #expect(try point.validatedProperties() == ["name": .string("Kiosk"), "height": .number(2.5), "open": .bool(true)])
        #expect(try point.geometryParts() == [[Self.p(1, 2)], [Self.p(-5, 4100)]])
        let line = try layer.feature(at: 1)
        #expect(line.id == nil)
        #expect(try line.geometryParts() == [[Self.p(0, 0), Self.p(10, 0), Self.p(10, 10)]])
    }

    /// GeoJSON's array and object properties survive the tile (as JSON text in MVT's extension
    /// range), so that expressions read them as MapLibre does; a string that looks like JSON stays
    /// a string.
    @Test func arrayAndObjectPropertiesRoundTrip() throws {
        let padding = try JSONValue.parse("[2, 4, 6]"), names = try JSONValue.parse(#"{"en": "Harbour", "fr": "Port"}"#)
        let layer = try Self.roundTrip([
            .init(type: .point, parts: [[Self.p(1, 2)]],
                  properties: [("padding", .json(padding)), ("names", .json(names)), ("text", .string("[1]"))]),
        ])
        #expect(try layer.feature(at: 0).validatedProperties() == ["padding": .json(padding), "names": .json(names), "text": .string("[1]")])
    }

    /// Hostile JSON in that field (not JSON, nested past the parser's depth limit) is no value: the
    /// layer is refused with an error naming it, never a crash.
    @Test func brokenOrTooDeepJSONValuesAreRefused() throws {
        func tile(_ value: JSONValue, corrupt: (Data) throws -> Data = { $0 }) throws -> VectorTile {
            var writer = VectorTileWriter()
            writer.addLayer(name: "layer", extent: 4096, features: [.init(type: .point, parts: [[Self.p(1, 2)]], properties: [("p", .json(value))])])
            return try VectorTile(data: corrupt(writer.data))
        }
        let notJSON = try tile(.array([.number(7)])) { data in
            // "[7]" becomes "[7}", same length.
            var bytes = [UInt8](data)
            let at = try #require(bytes.indices.dropLast(2).first { bytes[$0] == 0x5B && bytes[$0 + 1] == 0x37 && bytes[$0 + 2] == 0x5D })
            bytes[at + 2] = 0x7D
            return Data(bytes)
        }
        var deep = JSONValue.array([])
        for _ in 0..<(JSONValue.maximumDepth + 10) { deep = .array([deep]) }
        for broken in [notJSON, try tile(deep)] {
            #expect {
                _ = try broken.layer(named: "layer")
            } throws: { error in
                "\(error)".contains("of layer 'layer' holds no value")
            }
        }
    }

    @Test func ringsAreClosedByClosePath() throws {
        // The closing point may be given or not; a hole keeps its winding.
        let outer = [Self.p(0, 0), Self.p(100, 0), Self.p(100, 100), Self.p(0, 100), Self.p(0, 0)]
        let hole = [Self.p(10, 10), Self.p(10, 90), Self.p(90, 90), Self.p(90, 10)]
        let layer = try Self.roundTrip([.init(type: .polygon, parts: [outer, hole])])
        let parts = try layer.feature(at: 0).geometryParts()
        #expect(parts == [outer, hole + [Self.p(10, 10)]])
        #expect(classifyRings(parts).count == 1)
    }

    @Test func degenerateGeometryIsLeftOut() throws {
        let layer = try Self.roundTrip([
            // Repeated points are dropped (a LineTo must move); what is left of this line is one point.
            .init(type: .lineString, parts: [[Self.p(5, 5), Self.p(5, 5)]]),
            // A ring of two distinct points.
            .init(type: .polygon, parts: [[Self.p(0, 0), Self.p(9, 9), Self.p(0, 0)]]),
            .init(type: .point, parts: []),
            // Kept, without its repeated vertex.
            .init(type: .lineString, parts: [[Self.p(0, 0), Self.p(0, 0), Self.p(3, 4)]]),
        ])
        #expect(layer.featureCount == 1)
        #expect(try layer.feature(at: 0).geometryParts() == [[Self.p(0, 0), Self.p(3, 4)]])
    }

    @Test func negativeAndLargeCoordinates() throws {
        let far = [Self.p(-2_000_000, 7), Self.p(2_000_000, -7)]
        let layer = try Self.roundTrip([.init(type: .lineString, parts: [far])])
        #expect(try layer.feature(at: 0).geometryParts() == [far])
        let bounds = try #require(try layer.feature(at: 0).geometryBounds())
        #expect(bounds == (-2_000_000, -7, 2_000_000, 7))
    }
}
