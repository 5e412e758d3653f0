/// What the tiles hold (the header's tile type byte): how a reader picks a decoder and an HTTP
/// `Content-Type`, since PMTiles stores no per-tile format. A byte the spec does not assign is
/// refused when the header is read (`PMTilesHeader`): nothing could be done with such tiles but
/// guess, tile after tile.
public enum PMTilesTileType: UInt8, Sendable, Hashable, CaseIterable {
    /// Unknown or other; also what any value the spec does not define reads as.
    case unknown = 0
    /// Mapbox Vector Tiles (protobuf).
    case mvt = 1
    case png = 2
    case jpeg = 3
    case webp = 4
    case avif = 5
    /// MapLibre Tiles, which the reference implementation already knows.
    case mlt = 6

    /// How messages name it ("holds mvt tiles").
    public var name: String {
        switch self {
        case .unknown: "unknown"
        case .mvt: "mvt"
        case .png: "png"
        case .jpeg: "jpeg"
        case .webp: "webp"
        case .avif: "avif"
        case .mlt: "mlt"
        }
    }
}
