import Foundation
import MapsnapFormats
internal import CBrotli

/// Decompresses a brotli stream (RFC 7932), as PMTiles archives may store tiles, directories and
/// metadata. Brotli has no header to recognise it by: call it where the archive says brotli.
/// Output beyond `limit` bytes stops it with `.tooLarge` (the same gzip-bomb guard as `inflate`);
/// bytes after the end of the stream are ignored, as `inflate` ignores them. The decoder's own
/// memory is bounded by the stream's window, at most 16 MiB (large windows stay off).
public func brotliDecompress(_ data: Data, limit: Int = InputLimits.maxInflatedTileBytes) throws(InflateError) -> Data {
    let result = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Result<Data, InflateError> in
        Result { () throws(InflateError) -> Data in try brotliBytes(input, limit: limit) }
    }
    return try result.get()
}

private func brotliBytes(_ input: UnsafeRawBufferPointer, limit: Int) throws(InflateError) -> Data {
    guard let decoder = BrotliDecoderCreateInstance(nil, nil, nil) else { throw .outOfMemory }
    defer { BrotliDecoderDestroyInstance(decoder) }
    let output = try BoundedOutput(guess: BoundedOutput.guess(forInput: input.count), limit: limit)

    // An empty input has no base address; brotli then reports that it needs more input.
    var nextIn: UnsafePointer<UInt8>? = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
    var availableIn = input.count
    while true {
        let (room, roomCount) = try output.room()
        var nextOut: UnsafeMutablePointer<UInt8>? = room.assumingMemoryBound(to: UInt8.self)
        var availableOut = roomCount
        let result = BrotliDecoderDecompressStream(decoder, &availableIn, &nextIn, &availableOut, &nextOut, nil)
        output.count += roomCount - availableOut
        switch result {
        case BROTLI_DECODER_RESULT_SUCCESS:
            return try output.data()
        case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
            continue
        case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
            throw .truncated(.brotli)
        default:
            let code = BrotliDecoderGetErrorCode(decoder)
            // Brotli names its errors like "_ERROR_FORMAT_PADDING_1"; the words after ERROR_ are the reason.
            let name = BrotliDecoderErrorString(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
            if name.contains("ALLOC") { throw .outOfMemory }
            throw .corrupt(.brotli, reason: brotliReason(name))
        }
    }
}

/// `_ERROR_FORMAT_PADDING_1` → `format padding 1`.
private func brotliReason(_ name: String) -> String {
    var words = name.split(separator: "_").map { $0.lowercased() }
    if words.first == "error" { words.removeFirst() }
    return words.isEmpty ? name : words.joined(separator: " ")
}
