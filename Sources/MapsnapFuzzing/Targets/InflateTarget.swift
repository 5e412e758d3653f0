import Foundation
import MapsnapTiles

extension FuzzTarget {
    /// gzip or zlib tile bytes, as an archive stores them: the format detected from the header,
    /// then inflated.
    static let inflate = FuzzTarget("inflate", "gzip/zlib inflate of tile bytes") { data in
        FuzzVerdict.of {
            _ = compressionFormat(of: data)
            _ = try MapsnapTiles.inflate(data)
        }
    }
}
