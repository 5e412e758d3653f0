import Foundation
import MapsnapTiles

extension FuzzTarget {
    /// Brotli tile, directory or metadata bytes, as a PMTiles archive whose header says brotli
    /// stores them: decoded under the tile cap and under a 1 KiB cap (see `cappedDecompression`).
    static let brotli = FuzzTarget("brotli", "brotli decoding of PMTiles bytes, under the tile cap and a 1 KiB cap") { data in
        cappedDecompression(data) { (bytes, limit) throws(InflateError) in try brotliDecompress(bytes, limit: limit) }
    }
}
