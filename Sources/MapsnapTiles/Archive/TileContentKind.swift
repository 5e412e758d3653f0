import Foundation

/// What an archive's tiles hold, as far as drawing them goes: vector tiles (MVT) for a vector
/// source, images for a raster source, or a format mapsnap does not draw. Told from the
/// metadata's `format` (a PMTiles header's tile type becomes one) and the first tile's bytes, so
/// that an archive given as the wrong kind of source is refused once, when it is opened, naming
/// it, instead of every tile failing to decode.
public enum TileContentKind: Equatable, Sendable {
    case vector
    /// `png`, `jpg` or `webp`.
    case raster(format: String)
    /// Tiles of a format mapsnap draws from neither kind of source (`avif`, `mlt`, …).
    case other(format: String)
    /// The archive says nothing and holds no tile to look at.
    case unknown

    /// The first tile's bytes when they tell (metadata can be wrong either way: `pbf` over PNGs,
    /// `png` over vector tiles), else the metadata's `format`. A first tile that cannot be read
    /// tells nothing here: reading it fails again, and is reported, when it is drawn.
    public static func of(_ archive: any TileArchive) -> TileContentKind {
        if let (_, data) = try? archive.firstTile() {
            let seen = of(tileBytes: data)
            if seen != .unknown { return seen }
        }
        return archive.metadata.format.map { of(format: $0) } ?? .unknown
    }

    /// An MBTiles `format` value.
    public static func of(format: String) -> TileContentKind {
        switch format.lowercased() {
        case "pbf", "mvt": .vector
        case "png": .raster(format: "png")
        case "jpg", "jpeg": .raster(format: "jpg")
        case "webp": .raster(format: "webp")
        case "": .unknown
        default: .other(format: format.lowercased())
        }
    }

    /// A tile's stored bytes by their first bytes: the image signatures, then gzip or zlib (how
    /// archives compress vector tiles) or a protobuf field 3 (`Tile.layers`) for vector tiles.
    public static func of(tileBytes data: Data) -> TileContentKind {
        let b = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) { return .raster(format: "png") }
        if starts([0xff, 0xd8, 0xff]) { return .raster(format: "jpg") }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .raster(format: "webp") }
        if starts(Array("ftyp".utf8), at: 4), starts(Array("avi".utf8), at: 8) { return .other(format: "avif") }
        if isCompressed(data) || b.first == 0x1a { return .vector }
        return .unknown
    }

    /// How messages name the kind: "raster tiles (png)".
    public var summary: String {
        switch self {
        case .vector: "vector tiles (pbf)"
        case .raster(let format): "raster tiles (\(format))"
        case .other(let format): "\(format) tiles"
        case .unknown: "tiles of an unknown format"
        }
    }
}
