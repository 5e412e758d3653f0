import Foundation
import Testing
@testable import MapsnapTiles

/// A `Tile.Value` as written by an encoder (MVT 2.1 §4.1).
enum TestValue {
    case string(String), float(Float), double(Double), int(Int64), uint(UInt64), sint(Int64), bool(Bool)
    /// A Value message with no value field at all (invalid).
    case empty
    /// A Value message with arbitrary bytes.
    case raw([UInt8])

    var encoded: [UInt8] {
        var writer = ProtobufWriter()
        switch self {
        case .string(let text): writer.stringField(1, text)
        case .float(let number): writer.fixed32Field(2, number.bitPattern)
        case .double(let number): writer.fixed64Field(3, number.bitPattern)
        case .int(let number): writer.varintField(4, UInt64(bitPattern: number))
        case .uint(let number): writer.varintField(5, number)
        case .sint(let number): writer.varintField(6, UInt64(bitPattern: (number << 1) ^ (number >> 63)))
        case .bool(let flag): writer.varintField(7, flag ? 1 : 0)
        case .empty: break
        case .raw(let bytes): writer.raw(bytes)
        }
        return writer.bytes
    }
}

/// A `Tile.Feature` (MVT 2.1 §4.2); nil fields are left out of the encoding.
struct TestFeature {
    var id: UInt64?
    var tags: [UInt32] = []
    var type: UInt64? = 1
    var geometry: [UInt32] = []
    /// Appended after the known fields.
    var extra: [UInt8] = []

    var encoded: [UInt8] {
        var writer = ProtobufWriter()
        if let id { writer.varintField(1, id) }
        if !tags.isEmpty { writer.packedField(2, tags) }
        if let type { writer.varintField(3, type) }
        if !geometry.isEmpty { writer.packedField(4, geometry) }
        writer.raw(extra)
        return writer.bytes
    }
}

/// A `Tile.Layer` (MVT 2.1 §4.1); nil fields are left out, so the decoder's defaults apply.
struct TestLayer {
    var name: String?
    var version: UInt64? = 2
    var extent: UInt64? = 4096
    var keys: [String] = []
    var values: [TestValue] = []
    var features: [TestFeature] = []
    /// Appended after the known fields.
    var extra: [UInt8] = []

    var encoded: [UInt8] {
        var writer = ProtobufWriter()
        if let version { writer.varintField(15, version) }
        if let name { writer.stringField(1, name) }
        for feature in features { writer.bytesField(2, feature.encoded) }
        for key in keys { writer.stringField(3, key) }
        for value in values { writer.bytesField(4, value.encoded) }
        if let extent { writer.varintField(5, extent) }
        writer.raw(extra)
        return writer.bytes
    }
}

/// A whole tile: the layers as field 3, then `extra` bytes.
func tileData(_ layers: [TestLayer], extra: [UInt8] = []) -> Data {
    var writer = ProtobufWriter()
    for layer in layers { writer.bytesField(3, layer.encoded) }
    writer.raw(extra)
    return Data(writer.bytes)
}

/// A tile with one layer "test" holding `features` (and `keys`, `values`), decoded.
func singleLayerTile(keys: [String] = [], values: [TestValue] = [], features: [TestFeature]) throws -> VectorTileLayer {
    let tile = try VectorTile(data: tileData([TestLayer(name: "test", keys: keys, values: values, features: features)]))
    return try #require(try tile.layer(named: "test"))
}

/// The first feature of a one-feature layer built from `feature`.
func decodedFeature(_ feature: TestFeature, keys: [String] = [], values: [TestValue] = []) throws -> VectorTileFeature {
    try singleLayerTile(keys: keys, values: values, features: [feature]).feature(at: 0)
}

/// Writes geometry command and parameter integers from absolute coordinates, keeping the cursor
/// the way MVT 2.1 §4.3 does (ClosePath leaves it at the ring's last point).
struct GeometryEncoder {
    private(set) var integers: [UInt32] = []
    private var x: Int32 = 0
    private var y: Int32 = 0

    static func command(_ id: UInt32, count: UInt32) -> UInt32 { id & 7 | count << 3 }
    static func zigzag(_ value: Int32) -> UInt32 { UInt32(bitPattern: (value << 1) ^ (value >> 31)) }

    mutating func moveTo(_ points: [(Int32, Int32)]) { emit(1, points) }
    mutating func lineTo(_ points: [(Int32, Int32)]) { emit(2, points) }
    mutating func closePath() { integers.append(Self.command(7, count: 1)) }

    /// A polygon ring: MoveTo the first point, LineTo the others, ClosePath.
    mutating func ring(_ points: [(Int32, Int32)]) {
        moveTo([points[0]])
        lineTo(Array(points.dropFirst()))
        closePath()
    }

    private mutating func emit(_ id: UInt32, _ points: [(Int32, Int32)]) {
        integers.append(Self.command(id, count: UInt32(points.count)))
        for (px, py) in points {
            integers.append(Self.zigzag(px - x))
            integers.append(Self.zigzag(py - y))
            x = px
            y = py
        }
    }
}

/// `[(x, y)]` → `[TilePoint]`, to write expected geometry compactly.
func points(_ list: [(Int32, Int32)]) -> [TilePoint] { list.map { TilePoint(x: $0.0, y: $0.1) } }

/// A closed ring: the points plus the first one again.
func closedRing(_ list: [(Int32, Int32)]) -> [TilePoint] { points(list + [list[0]]) }

/// Where `needle` first occurs in `data` (to pin byte offsets in error messages).
func byteOffset(of needle: [UInt8], in data: Data) -> Int {
    let bytes = [UInt8](data)
    for start in 0...(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle {
        return start
    }
    fatalError("\(needle) not found")
}
