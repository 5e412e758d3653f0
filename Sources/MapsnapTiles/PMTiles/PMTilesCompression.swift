import Foundation

/// How an archive's tiles, or its directories and metadata, are compressed (the header's
/// compression bytes). Readers need it because the bytes themselves are not always marked:
/// brotli has no magic number. mapsnap reads all four methods.
public enum PMTilesCompression: UInt8, Sendable, Hashable, CaseIterable {
    /// The writer did not say; tiles are then inflated when they start with a gzip or zlib header.
    case unknown = 0
    case none = 1
    case gzip = 2
    case brotli = 3
    case zstd = 4

    /// How messages name it ("compressed with brotli").
    public var name: String {
        switch self {
        case .unknown: "an unknown method"
        case .none: "none"
        case .gzip: "gzip"
        case .brotli: "brotli"
        case .zstd: "zstd"
        }
    }
}

extension PMTilesCompression {
    /// `bytes` decompressed by this method, at most `limit` bytes (more is `.tooLarge`: the
    /// gzip-bomb guard holds for every method). gzip also takes a zlib stream, as MBTiles readers
    /// do; `unknown` inflates bytes that start with a gzip or zlib header and gives others as they
    /// are (the only two a reader can tell apart).
    public func decompress(_ bytes: Data, limit: Int) throws(InflateError) -> Data {
        switch self {
        case .none: return bytes
        case .unknown where !isCompressed(bytes): return bytes
        case .gzip, .unknown: return try inflate(bytes, limit: limit)
        case .brotli: return try brotliDecompress(bytes, limit: limit)
        case .zstd: return try zstdDecompress(bytes, limit: limit)
        }
    }
}
