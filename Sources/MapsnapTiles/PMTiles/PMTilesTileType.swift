/// What the tiles hold (the header's tile type byte): a hint for choosing a decoder and an HTTP
/// `Content-Type`, since PMTiles stores no per-tile format.
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

    /// The header byte read leniently: an unassigned value is `.unknown`, not an error, because
    /// the type is only a hint.
    public init(headerByte: UInt8) { self = PMTilesTileType(rawValue: headerByte) ?? .unknown }
}
