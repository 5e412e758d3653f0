import Foundation
import MapsnapFormats
internal import CZlib

/// The compressed formats tiles come in: the two deflate wrappers MBTiles and PMTiles use, and the
/// two others a PMTiles header may name (`brotliDecompress`, `zstdDecompress`). Only the deflate
/// wrappers are recognised from their bytes (`compressionFormat(of:)`): brotli has no magic number,
/// and zstd is read only where a PMTiles header says so.
public enum CompressionFormat: String, Sendable, Hashable {
    /// RFC 1952 (magic bytes `1f 8b`): what MBTiles vector tiles normally hold.
    case gzip
    /// RFC 1950 (a CMF/FLG header whose 16-bit value is a multiple of 31, method 8 = deflate).
    case zlib
    /// RFC 7932.
    case brotli
    /// RFC 8878 (Zstandard frames).
    case zstd
}

/// Why `inflate(_:)` (or `brotliDecompress`, `zstdDecompress`) could not decompress its input.
/// The message names the format and what is wrong.
public enum InflateError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The input starts with neither a gzip nor a zlib header.
    case notCompressed
    /// The input ended before the end of the compressed stream.
    case truncated(CompressionFormat)
    /// The decompressor rejected the stream; `reason` is its message, e.g. zlib's "invalid block
    /// type" or "incorrect data check".
    case corrupt(CompressionFormat, reason: String)
    /// The decompressor could not allocate its state or the output buffer.
    case outOfMemory
    /// The stream inflates to more than the limit (a "gzip bomb"); decompression stopped there.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .notCompressed: return "not gzip or zlib data"
        case .truncated(let format): return "\(format.rawValue) stream ended early"
        case .corrupt(let format, let reason): return "\(format.rawValue) stream is corrupt: \(reason)"
        case .outOfMemory: return "out of memory while decompressing"
        case .tooLarge(let limit): return "inflates to more than \(limit >> 20) MiB (the limit for one tile)"
        }
    }
}

/// Which compressed format `data` starts with, from its header bytes alone; nil for anything else
/// (plain MVT starts with `0x1a`, PNG with `0x89`, JPEG with `0xff`, WebP with `R`).
public func compressionFormat(of data: Data) -> CompressionFormat? {
    guard data.count >= 2 else { return nil }
    let b0 = data[data.startIndex], b1 = data[data.startIndex + 1]
    if b0 == 0x1f && b1 == 0x8b { return .gzip }
    // zlib: compression method 8, window size ≤ 32 KiB, header check (CMF*256 + FLG) % 31 == 0.
    if b0 & 0x0f == 8, b0 >> 4 <= 7, (UInt16(b0) << 8 | UInt16(b1)) % 31 == 0 { return .zlib }
    return nil
}

/// Whether `data` starts with a gzip or zlib header (see `compressionFormat(of:)`).
public func isCompressed(_ data: Data) -> Bool { compressionFormat(of: data) != nil }

/// Decompresses a gzip (RFC 1952) or zlib (RFC 1950) stream, detecting which from its header.
/// Concatenated gzip members are decompressed one after another, as `gunzip` does; bytes after the
/// end of the (last) stream are ignored. Output beyond `limit` bytes stops it with `.tooLarge`, so
/// a small hostile tile cannot take gigabytes of memory.
public func inflate(_ data: Data, limit: Int = InputLimits.maxInflatedTileBytes) throws(InflateError) -> Data {
    guard let format = compressionFormat(of: data) else { throw .notCompressed }
    let result = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Result<Data, InflateError> in
        Result { () throws(InflateError) -> Data in try inflateBytes(input, format: format, limit: max(limit, 1)) }
    }
    return try result.get()
}

private func inflateBytes(_ input: UnsafeRawBufferPointer, format: CompressionFormat, limit: Int) throws(InflateError) -> Data {
    guard input.count <= Int(UInt32.max) else { throw .corrupt(format, reason: "input larger than 4 GiB") }
    var stream = z_stream()
    // 47 = 32 (detect gzip or zlib from the header) + 15 (32 KiB window).
    guard inflateInit2_(&stream, 47, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw .outOfMemory
    }
    defer { inflateEnd(&stream) }

    var capacity = min(initialCapacity(input, format: format), limit + 1)
    guard var output = malloc(capacity) else { throw .outOfMemory }
    var produced = 0
    var succeeded = false
    defer { if !succeeded { free(output) } }

    let base = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
    stream.next_in = UnsafeMutablePointer(mutating: base)
    stream.avail_in = uInt(input.count)

    while true {
        if produced == capacity {
            // One byte over the limit is enough to know the stream is too large.
            guard capacity <= limit else { throw .tooLarge(limit: limit) }
            capacity = min(capacity * 2, limit + 1)
            guard let grown = realloc(output, capacity) else { throw .outOfMemory }
            output = grown
        }
        stream.next_out = (output + produced).assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(min(capacity - produced, Int(UInt32.max)))
        let before = Int(stream.avail_out)
        let rc = CZlib.inflate(&stream, Z_NO_FLUSH)
        produced += before - Int(stream.avail_out)
        switch rc {
        case Z_STREAM_END:
            // Another gzip member follows: keep going, like gunzip.
            let remaining = Int(stream.avail_in)
            if format == .gzip, remaining >= 2, stream.next_in[0] == 0x1f, stream.next_in[1] == 0x8b {
                guard inflateReset(&stream) == Z_OK else { throw .outOfMemory }
                continue
            }
            // The buffer holds one byte more than the limit: a stream that ends on that byte is over it.
            guard produced <= limit else { throw .tooLarge(limit: limit) }
            succeeded = true
            if capacity - produced > 4096, let shrunk = realloc(output, max(produced, 1)) { output = shrunk }
            return Data(bytesNoCopy: output, count: produced, deallocator: .free)
        case Z_OK, Z_BUF_ERROR:
            // No progress possible: either the output is full (grow it) or the input ran out.
            if stream.avail_out == 0 { continue }
            if stream.avail_in == 0 { throw .truncated(format) }
            if rc == Z_BUF_ERROR { throw .corrupt(format, reason: zlibMessage(stream) ?? "no progress possible") }
        case Z_NEED_DICT:
            throw .corrupt(format, reason: "needs a preset dictionary")
        case Z_MEM_ERROR:
            throw .outOfMemory
        default:
            throw .corrupt(format, reason: zlibMessage(stream) ?? "zlib error \(rc)")
        }
    }
}

/// A first guess at the output size: gzip's trailer records it (mod 2³²); deflate can shrink data
/// at most ~1032×, which bounds a forged trailer.
private func initialCapacity(_ input: UnsafeRawBufferPointer, format: CompressionFormat) -> Int {
    let ceiling = input.count.multipliedReportingOverflow(by: 1032).overflow ? Int.max / 2 : input.count * 1032 + 64
    if format == .gzip, input.count >= 18 {
        let end = input.count
        let isize = Int(input[end - 4]) | Int(input[end - 3]) << 8 | Int(input[end - 2]) << 16 | Int(input[end - 1]) << 24
        return max(64, min(isize + 1, ceiling))
    }
    return max(64, min(input.count.multipliedReportingOverflow(by: 4).overflow ? ceiling : input.count * 4, ceiling))
}

private func zlibMessage(_ stream: z_stream) -> String? {
    stream.msg.map { String(cString: $0) }
}
