import Foundation
import MapsnapFormats
internal import CZstd

/// The largest window (log2 bytes) a zstd frame may ask for: 16 MiB. A frame needs no larger
/// window than it decompresses to, and no tile may decompress past 16 MiB; zstd's default (128 MiB)
/// would let a frame of a few bytes make the decoder allocate that much before it writes a byte.
let zstdMaxWindowLog: Int32 = 24

/// Decompresses Zstandard frames (RFC 8878), as PMTiles archives may store tiles, directories and
/// metadata: one frame or several one after another (as `zstd` concatenates them), skippable
/// frames skipped. Output beyond `limit` bytes stops it with `.tooLarge` (the same gzip-bomb guard
/// as `inflate`), and frames asking for a window over 16 MiB are refused.
public func zstdDecompress(_ data: Data, limit: Int = InputLimits.maxInflatedTileBytes) throws(InflateError) -> Data {
    let result = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Result<Data, InflateError> in
        Result { () throws(InflateError) -> Data in try zstdBytes(input, limit: limit) }
    }
    return try result.get()
}

private func zstdBytes(_ input: UnsafeRawBufferPointer, limit: Int) throws(InflateError) -> Data {
    guard input.count > 0 else { throw .truncated(.zstd) }
    guard let context = ZSTD_createDCtx() else { throw .outOfMemory }
    defer { ZSTD_freeDCtx(context) }
    guard ZSTD_isError(ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, zstdMaxWindowLog)) == 0 else { throw .outOfMemory }
    let output = try BoundedOutput(guess: BoundedOutput.guess(forInput: input.count), limit: limit)

    var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
    var frameEnded = false
    while true {
        let (room, roomCount) = try output.room()
        var target = ZSTD_outBuffer(dst: room, size: roomCount, pos: 0)
        let hint = ZSTD_decompressStream(context, &target, &source)
        output.count += target.pos
        if ZSTD_isError(hint) != 0 {
            let name = String(cString: ZSTD_getErrorName(hint))
            if name.lowercased().contains("allocation") { throw .outOfMemory }
            throw .corrupt(.zstd, reason: name)
        }
        // 0: a frame ended and everything it holds is out. Another may follow.
        frameEnded = hint == 0
        if source.pos == source.size {
            if frameEnded { return try output.data() }
            // Out of input mid-frame: unless the output filled up (more may be waiting), it is cut short.
            if target.pos < target.size { throw .truncated(.zstd) }
        }
    }
}
