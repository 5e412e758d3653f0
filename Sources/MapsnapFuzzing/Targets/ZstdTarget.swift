import Foundation
import MapsnapTiles

extension FuzzTarget {
    /// Zstandard tile, directory or metadata bytes, as a PMTiles archive whose header says zstd
    /// stores them: decoded under the tile cap and under a 1 KiB cap (see `cappedDecompression`).
    static let zstd = FuzzTarget("zstd", "zstd decoding of PMTiles bytes, under the tile cap and a 1 KiB cap") { data in
        cappedDecompression(data) { (bytes, limit) throws(InflateError) in try zstdDecompress(bytes, limit: limit) }
    }
}
