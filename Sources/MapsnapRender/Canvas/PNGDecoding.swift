import Foundation
import MapsnapFormats
import RasterDecoder

/// PNG bytes as 8-bit straight RGBA, through the raster tiles' decoder (`RasterDecoder`, libpng's
/// simplified API): what the conformance judge compares against its expected images.
public enum PNGDecoding {
    /// `width * height * 4` bytes, r, g, b, a per pixel, rows top to bottom; any PNG colour type.
    /// Throws `.invalidImage` (libpng's words) for what is not a readable PNG.
    public static func straightRGBA(_ data: Data, maxSide: Int = InputLimits.maxPNGFileSide) throws(RenderError) -> (width: Int, height: Int, pixels: [UInt8]) {
        var image = rd_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            rd_decode_png_rgba(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, Int32(clamping: maxSide), &image, &message, message.count)
        }
        guard status != RD_NO_MEMORY else { throw .cannotAllocate(width: Int(image.width), height: Int(image.height)) }
        guard status == 0 else { throw .invalidImage(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        defer { rd_image_free(&image) }
        let w = Int(image.width), h = Int(image.height)
        return (w, h, [UInt8](UnsafeBufferPointer(start: image.pixels, count: w * h * 4)))
    }
}
