import Foundation
import MapsnapFormats
import MapsnapTiles

extension FuzzTarget {
    /// gzip or zlib tile bytes, as an archive stores them: the format detected from the header,
    /// then inflated under the archive's cap, and again under a 1 KiB cap so that the cap's
    /// bookkeeping runs on small inputs too. Output past a cap, or a result that depends on the
    /// cap other than by hitting it, is a bug.
    static let inflate = FuzzTarget("inflate", "gzip/zlib inflate of tile bytes, under the tile cap and a 1 KiB cap") { data in
        _ = compressionFormat(of: data)
        return cappedDecompression(data) { (bytes, limit) throws(InflateError) in try MapsnapTiles.inflate(bytes, limit: limit) }
    }

    /// `decompress` run on `data` under the tile cap and under a 1 KiB cap: the two must agree
    /// (the same bytes, or the small cap hit by output longer than it), and nothing may pass a cap.
    static func cappedDecompression(_ data: Data, _ decompress: (Data, Int) throws(InflateError) -> Data) -> FuzzVerdict {
        let full = Result { () throws(InflateError) in try decompress(data, InputLimits.maxInflatedTileBytes) }
        let small = Result { () throws(InflateError) in try decompress(data, 1024) }
        switch (full, small) {
        case (.success(let output), .success(let again)):
            precondition(output.count <= 1024 && again == output, "the 1 KiB cap changed the output")
        case (.success(let output), .failure(.tooLarge)):
            precondition(output.count > 1024, "\(output.count) bytes reported as over a 1 KiB cap")
        case (.success, .failure(let error)):
            preconditionFailure("fails under a 1 KiB cap only: \(error)")
        case (.failure, .success):
            preconditionFailure("succeeds under a 1 KiB cap only")
        case (.failure, .failure):
            break
        }
        switch full {
        case .success(let output):
            precondition(output.count <= InputLimits.maxInflatedTileBytes, "decompressed \(output.count) bytes, past the cap")
            return .accepted
        case .failure(let error):
            return .rejected(error.description)
        }
    }
}
