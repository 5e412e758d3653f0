import Foundation
import MapsnapGeo
import Synchronization

/// A Mapbox Vector Tile (MVT 2.1), decoded lazily in the manner of vtzero: `init` only walks the
/// top level of the protobuf, recording where each layer's bytes are and its name. A layer's keys,
/// values and feature offsets are decoded the first time it is asked for (and kept for later calls
/// on any copy of this value); a feature's properties and geometry only when they are asked for.
///
/// The tile's bytes are copied once into storage shared by its layers and features, so these stay
/// valid after the `Data` is gone. Safe to share across threads.
public struct VectorTile: Sendable {
    struct LayerEntry: Sendable {
        let name: String
        let range: Range<Int>
    }

    let bytes: TileBytes
    let entries: [LayerEntry]
    private let cache: LayerCache
    /// Where the tile was read from (an archive's path), for messages about its layers; nil for
    /// tiles made in memory.
    public var origin: String?
    /// The tile's place in the pyramid, when known: its features then know where they lie
    /// (`Feature.worldGeometry()`, which `within` reads).
    public var tileID: TileID?

    /// Scans the tile's top level. Throws when the protobuf framing of the top level is broken or
    /// a layer has no name; fields other than `layers` (3) are skipped, as protobuf requires.
    public init(data: Data) throws(MVTError) {
        let bytes = data.withUnsafeBytes { TileBytes(copying: $0) }
        var entries: [LayerEntry] = []
        var cursor = bytes.cursor(0..<bytes.count)
        while !cursor.isAtEnd {
            let (field, wireType, at) = try cursor.fieldKey()
            guard field == 3 else {
                try cursor.skip(wireType: wireType, at: at)
                continue
            }
            try cursor.expect(wireType, 2, field: "Tile.layers", at: at)
            let range = try cursor.lengthDelimited()
            entries.append(LayerEntry(name: try VectorTile.layerName(bytes, range), range: range))
        }
        self.bytes = bytes
        self.entries = entries
        self.cache = LayerCache()
    }

    /// The layer names in file order.
    public var layerNames: [String] { entries.map(\.name) }

    /// The number of layers in the tile.
    public var layerCount: Int { entries.count }

    /// The layer called `name` (the first one, should a broken tile hold two), or nil when the tile
    /// has none. Throws when that layer's fields are malformed.
    public func layer(named name: String) throws(MVTError) -> VectorTileLayer? {
        guard let index = entries.firstIndex(where: { $0.name == name }) else { return nil }
        return try layer(at: index)
    }

    /// The layer at `index` in file order (`0..<layerCount`).
    public func layer(at index: Int) throws(MVTError) -> VectorTileLayer {
        precondition(entries.indices.contains(index), "layer index \(index) out of range 0..<\(entries.count)")
        let entry = entries[index]
        let storage = try cache.storage(at: index) { () throws(MVTError) -> LayerStorage in
            try LayerStorage(bytes: bytes, range: entry.range, name: entry.name)
        }
        return VectorTileLayer(storage: storage, tileID: tileID)
    }

    /// Finds a layer's `name` field (1) without decoding anything else. `version` and `name` come
    /// first in practice, so this usually reads a few bytes.
    private static func layerName(_ bytes: TileBytes, _ range: Range<Int>) throws(MVTError) -> String {
        var cursor = bytes.cursor(range)
        while !cursor.isAtEnd {
            let (field, wireType, at) = try cursor.fieldKey()
            if field == 1 {
                try cursor.expect(wireType, 2, field: "Layer.name", at: at)
                return cursor.string(try cursor.lengthDelimited())
            }
            try cursor.skip(wireType: wireType, at: at)
        }
        throw .layerWithoutName(offset: range.lowerBound)
    }
}

/// The layers of one tile decoded so far, by index. Shared by the copies of a `VectorTile`.
private final class LayerCache: Sendable {
    private let layers = Mutex<[Int: LayerStorage]>([:])

    func storage(at index: Int, build: () throws(MVTError) -> LayerStorage) throws(MVTError) -> LayerStorage {
        try layers.withLock { (layers) throws(MVTError) -> LayerStorage in
            if let cached = layers[index] { return cached }
            let storage = try build()
            layers[index] = storage
            return storage
        }
    }
}
