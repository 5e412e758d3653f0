import Foundation
internal import CZlib

/// `bytes` as one gzip member (RFC 1952), with no name and mtime 0 in its header so that the same
/// input always gives the same bytes. At zlib's best compression by default: for the PMTiles
/// writer's directories and metadata, small, written once, and the smaller the root directory, the
/// more entries fit in the first 16 KiB; tiles re-compressed by the thousand take zlib's default
/// level. nil when zlib cannot allocate its state (or the input is 2 GiB or more).
func gzipCompressed(_ bytes: [UInt8], level: Int32 = Z_BEST_COMPRESSION) -> [UInt8]? {
    // zlib counts bytes in 32 bits.
    guard bytes.count < Int(UInt32.max) / 2 else { return nil }
    var stream = z_stream()
    // windowBits 31 = 15 (32 KiB window) + 16 (gzip wrapper instead of zlib's).
    guard deflateInit2_(&stream, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY,
                        ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
    var input = bytes
    let produced: Int? = input.withUnsafeMutableBufferPointer { source in
        output.withUnsafeMutableBufferPointer { target in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(target.count)
            // deflateBound leaves room for the whole stream, so one call finishes it.
            guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return nil }
            return target.count - Int(stream.avail_out)
        }
    }
    guard let produced else { return nil }
    return Array(output[..<produced])
}
