import MapsnapFormats
import MapsnapGeo
/// One layer of a vector tile: its name, extent, version and features. Its key and value tables
/// are decoded once, when the layer is first taken from its `VectorTile`; features are decoded
/// one at a time as they are iterated.
public struct VectorTileLayer: Sendable {
    let storage: LayerStorage
    /// Its tile's place in the pyramid, when known (`VectorTile.tileID`).
    let tileID: TileID?

    init(storage: LayerStorage, tileID: TileID? = nil) {
        self.storage = storage
        self.tileID = tileID
    }

    public var name: String { storage.name }
    /// The width and height of the tile in geometry units (MVT default 4096).
    public var extent: Int { storage.extent }
    /// The MVT major version the layer follows (1 or 2; the protobuf default is 1).
    public var version: Int { storage.version }
    public var featureCount: Int { storage.features.count }
    /// The layer's key table (MVT 2.1 §4.1), in file order.
    public var keys: [String] { storage.keys }
    /// The layer's value table (MVT 2.1 §4.1), in file order.
    public var values: [FeatureValue] { storage.values }

    /// Iterates the features in file order. Each feature's header (id, type, where its tags and
    /// geometry are) is read as it is reached; properties and geometry only when asked for.
    /// Throws the first `MVTError` met in a feature's framing, or whatever `body` throws.
    public func forEachFeature(_ body: (VectorTileFeature) throws -> Void) throws {
        for range in storage.features {
            try body(try VectorTileFeature(layer: storage, range: range, tileID: tileID))
        }
    }

    /// The feature at `index` in file order (`0..<featureCount`).
    public func feature(at index: Int) throws(MVTError) -> VectorTileFeature {
        precondition(storage.features.indices.contains(index), "feature index \(index) out of range 0..<\(featureCount)")
        return try VectorTileFeature(layer: storage, range: storage.features[index], tileID: tileID)
    }
}

/// The decoded parts of a layer that all its features share. Immutable once built.
final class LayerStorage: Sendable {
    let bytes: TileBytes
    let name: String
    let extent: Int
    let version: Int
    /// Byte ranges of the feature messages, in file order.
    let features: [Range<Int>]
    let keys: [String]
    /// Key → index in `keys` (the first index, should a key repeat); only for layers with more
    /// than `linearSearchLimit` keys.
    private let keyTable: [String: Int]?
    /// For each key index, the index `keyIndex` gives its key; only when some key repeats.
    let canonicalKeyIndex: [Int]?
    let values: [FeatureValue]

    init(bytes: TileBytes, range: Range<Int>, name: String) throws(MVTError) {
        var cursor = bytes.cursor(range)
        var version: UInt64 = 1
        var extent: UInt64 = 4096
        var features: [Range<Int>] = []
        var keys: [String] = []
        var valueRanges: [Range<Int>] = []
        while !cursor.isAtEnd {
            let (field, wireType, at) = try cursor.fieldKey()
            switch field {
            case 1:
                try cursor.expect(wireType, 2, field: "Layer.name", at: at)
                _ = try cursor.lengthDelimited()
            case 2:
                try cursor.expect(wireType, 2, field: "Layer.features", at: at)
                features.append(try cursor.lengthDelimited())
            case 3:
                try cursor.expect(wireType, 2, field: "Layer.keys", at: at)
                keys.append(cursor.string(try cursor.lengthDelimited()))
            case 4:
                try cursor.expect(wireType, 2, field: "Layer.values", at: at)
                valueRanges.append(try cursor.lengthDelimited())
            case 5:
                try cursor.expect(wireType, 0, field: "Layer.extent", at: at)
                extent = try cursor.varint()
            case 15:
                try cursor.expect(wireType, 0, field: "Layer.version", at: at)
                version = try cursor.varint()
            default:
                try cursor.skip(wireType: wireType, at: at)
            }
        }
        guard version == 1 || version == 2 else { throw .unsupportedVersion(Int(clamping: version), layer: name) }
        guard extent > 0, extent <= UInt64(Int32.max) else { throw .invalidExtent(Int(clamping: extent), layer: name) }

        var values: [FeatureValue] = []
        values.reserveCapacity(valueRanges.count)
        for (index, valueRange) in valueRanges.enumerated() {
            values.append(try LayerStorage.decodeValue(bytes, valueRange, index: index, layer: name))
        }

        var keyTable: [String: Int] = [:]
        keyTable.reserveCapacity(keys.count)
        var hasRepeats = false
        for (index, key) in keys.enumerated() {
            if keyTable[key] == nil { keyTable[key] = index } else { hasRepeats = true }
        }

        self.bytes = bytes
        self.name = name
        self.extent = Int(extent)
        self.version = Int(version)
        self.features = features
        self.keys = keys
        self.keyTable = keys.count > LayerStorage.linearSearchLimit ? keyTable : nil
        self.canonicalKeyIndex = hasRepeats ? keys.map { keyTable[$0]! } : nil
        self.values = values
    }

    /// Up to this many keys, `keyIndex(of:)` compares strings one by one: for the short keys of
    /// real tiles that beats hashing the key (measured: ~2× faster lookups on OpenMapTiles data).
    static let linearSearchLimit = 16

    /// The index of `key` in `keys` (the first, should it repeat), or nil.
    @inline(__always)
    func keyIndex(of key: String) -> Int? {
        if let keyTable { return keyTable[key] }
        return keys.firstIndex(of: key)
    }

    /// Decodes one `Value` message (MVT 2.1 §4.1): every numeric kind becomes `.number`.
    private static func decodeValue(_ bytes: TileBytes, _ range: Range<Int>, index: Int, layer: String) throws(MVTError) -> FeatureValue {
        var cursor = bytes.cursor(range)
        var value: FeatureValue?
        while !cursor.isAtEnd {
            let (field, wireType, at) = try cursor.fieldKey()
            switch field {
            case 1:
                try cursor.expect(wireType, 2, field: "Value.string_value", at: at)
                value = .string(cursor.string(try cursor.lengthDelimited()))
            case 2:
                try cursor.expect(wireType, 5, field: "Value.float_value", at: at)
                value = .number(Double(Float(bitPattern: try cursor.fixed32())))
            case 3:
                try cursor.expect(wireType, 1, field: "Value.double_value", at: at)
                value = .number(Double(bitPattern: try cursor.fixed64()))
            case 4:
                try cursor.expect(wireType, 0, field: "Value.int_value", at: at)
                value = .number(Double(Int64(bitPattern: try cursor.varint())))
            case 5:
                try cursor.expect(wireType, 0, field: "Value.uint_value", at: at)
                value = .number(Double(try cursor.varint()))
            case 6:
                try cursor.expect(wireType, 0, field: "Value.sint_value", at: at)
                value = .number(Double(zigzagDecode(try cursor.varint())))
            case 7:
                try cursor.expect(wireType, 0, field: "Value.bool_value", at: at)
                value = .bool(try cursor.varint() != 0)
            case MVTValueExtension.jsonField where wireType == 2:
                // mapsnap's own extension (GeoJSON arrays and objects); not JSON: skipped.
                let text = cursor.string(try cursor.lengthDelimited())
                if let parsed = try? JSONValue.parse(text), parsed.isArrayOrObject { value = .json(parsed) }
            default:
                try cursor.skip(wireType: wireType, at: at)
            }
        }
        guard let value else { throw .valueWithoutType(index: index, layer: layer) }
        return value
    }
}

/// The `Value` field (in MVT's extension range, 8 and up) where mapsnap's tiles of GeoJSON
/// sources keep an array or object property as JSON text; other readers skip it.
enum MVTValueExtension {
    static let jsonField: UInt64 = 8
}
