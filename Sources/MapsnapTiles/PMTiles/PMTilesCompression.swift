/// How an archive's tiles, or its directories and metadata, are compressed (the header's
/// compression bytes). Readers need it because the bytes themselves are not always marked:
/// brotli has no magic number.
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
