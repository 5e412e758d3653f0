import Foundation
import MapsnapGeo

/// Writes Mapbox Vector Tiles (MVT 2.1): the inverse of `VectorTile`. Used to hand geometry from
/// other sources (GeoJSON cut into tiles) to the same lazy reader the renderer uses for MBTiles.
///
/// Geometry is written as the spec requires: consecutive equal points are dropped (a LineTo never
/// stays in place, §4.3.3.2), lines need two distinct points and rings three; a ring's closing
/// point is implied by ClosePath, so a repeated first point at its end is left out. Numbers are
/// written as `double_value`, which the reader turns back into the same `FeatureValue`.
public struct VectorTileWriter {
    /// One feature to write. `parts` follow `VectorTileFeature.geometryParts()`: one single-point
    /// part per point, one part per line, one per ring (outer rings clockwise on screen, holes
    /// counter-clockwise, each ring closed or not).
    public struct Feature {
        public var id: UInt64?
        public var type: GeometryType
        public var parts: [[TilePoint]]
        public var properties: [(key: String, value: FeatureValue)]

        public init(id: UInt64? = nil, type: GeometryType, parts: [[TilePoint]], properties: [(key: String, value: FeatureValue)] = []) {
            self.id = id
            self.type = type
            self.parts = parts
            self.properties = properties
        }
    }

    private var layers: [[UInt8]] = []

    public init() {}

    /// Adds a layer. Features whose geometry is empty after the rules above are left out; a layer
    /// without features is still written (readers see it with `featureCount == 0`).
    public mutating func addLayer(name: String, extent: Int = 4096, features: [Feature]) {
        var keys: [String] = [], keyIndex: [String: UInt32] = [:]
        var values: [FeatureValue] = [], valueIndex: [FeatureValue: UInt32] = [:]
        var layer = ProtobufBuffer()
        layer.varintField(15, 2)
        layer.bytesField(1, Array(name.utf8))
        for feature in features {
            let geometry = Self.encodeGeometry(feature.type, feature.parts)
            guard !geometry.isEmpty else { continue }
            var tags: [UInt32] = []
            tags.reserveCapacity(feature.properties.count * 2)
            for (key, value) in feature.properties {
                let k: UInt32
                if let known = keyIndex[key] { k = known } else {
                    k = UInt32(keys.count)
                    keyIndex[key] = k
                    keys.append(key)
                }
                let v: UInt32
                if let known = valueIndex[value] { v = known } else {
                    v = UInt32(values.count)
                    valueIndex[value] = v
                    values.append(value)
                }
                tags += [k, v]
            }
            var message = ProtobufBuffer()
            if let id = feature.id { message.varintField(1, id) }
            if !tags.isEmpty { message.packedField(2, tags) }
            let type: UInt64 = switch feature.type {
            case .point: 1
            case .lineString: 2
            case .polygon: 3
            case .unknown: 0
            }
            message.varintField(3, type)
            message.packedField(4, geometry)
            layer.bytesField(2, message.bytes)
        }
        for key in keys { layer.bytesField(3, Array(key.utf8)) }
        for value in values {
            var message = ProtobufBuffer()
            switch value {
            case .string(let s): message.bytesField(1, Array(s.utf8))
            case .number(let n): message.fixed64Field(3, n.bitPattern)
            case .bool(let b): message.varintField(7, b ? 1 : 0)
            // An array or object (GeoJSON) as JSON text in the spec's extension range (field 8),
            // which other readers skip; the reader here turns it back into the value.
            case .json(let v): message.bytesField(Int(MVTValueExtension.jsonField), Array(v.compactText.utf8))
            }
            layer.bytesField(4, message.bytes)
        }
        layer.varintField(5, UInt64(extent))
        layers.append(layer.bytes)
    }

    /// The encoded tile.
    public var data: Data {
        var tile = ProtobufBuffer()
        for layer in layers { tile.bytesField(3, layer) }
        return Data(tile.bytes)
    }

    /// The command integers of one feature's geometry (MVT 2.1 §4.3); empty when nothing is left.
    static func encodeGeometry(_ type: GeometryType, _ parts: [[TilePoint]]) -> [UInt32] {
        var out: [UInt32] = []
        var cursor = TilePoint(x: 0, y: 0)
        func command(_ id: UInt32, _ count: Int) -> UInt32 { (id & 7) | (UInt32(count) << 3) }
        func delta(_ p: TilePoint) {
            out.append(zigzagEncode(p.x &- cursor.x))
            out.append(zigzagEncode(p.y &- cursor.y))
            cursor = p
        }
        switch type {
        case .point:
            let points = parts.flatMap { $0 }
            guard !points.isEmpty else { return [] }
            out.append(command(1, points.count))
            points.forEach(delta)
        case .lineString, .polygon:
            let polygon = type == .polygon
            for part in parts {
                var points: [TilePoint] = []
                points.reserveCapacity(part.count)
                for p in part where points.last != p { points.append(p) }
                if polygon, points.count > 1, points.first == points.last { points.removeLast() }
                guard points.count >= (polygon ? 3 : 2) else { continue }
                out.append(command(1, 1))
                delta(points[0])
                out.append(command(2, points.count - 1))
                points.dropFirst().forEach(delta)
                if polygon { out.append(command(7, 1)) }
            }
        case .unknown:
            return []
        }
        return out
    }
}

@inline(__always)
func zigzagEncode(_ n: Int32) -> UInt32 { UInt32(bitPattern: (n << 1) ^ (n >> 31)) }

/// Protobuf wire format, the few field kinds MVT uses.
struct ProtobufBuffer {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func key(_ field: Int, _ wireType: UInt64) { varint(UInt64(field) << 3 | wireType) }

    mutating func varintField(_ field: Int, _ value: UInt64) {
        key(field, 0)
        varint(value)
    }

    mutating func fixed64Field(_ field: Int, _ value: UInt64) {
        key(field, 1)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xff)) }
    }

    mutating func bytesField(_ field: Int, _ value: [UInt8]) {
        key(field, 2)
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func packedField(_ field: Int, _ values: [UInt32]) {
        var packed = ProtobufBuffer()
        for v in values { packed.varint(UInt64(v)) }
        bytesField(field, packed.bytes)
    }
}
