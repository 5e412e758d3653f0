import CCairo
import Foundation
import RasterDecoder

/// An image `RasterDecoder` decoded (PNG, JPEG or WebP, with libpng's, libjpeg-turbo's and
/// libwebp's memory APIs): every raster mapsnap reads goes through it, so a sprite, a marker
/// icon, a raster tile and an image read back are decoded by one reader with one set of limits.
/// The pixels are the decoder's allocation, freed with this object.
final class DecodedPixels {
    private var image: rd_image

    var width: Int { Int(image.width) }
    var height: Int { Int(image.height) }

    /// Runs one of the decoder's entry points over `data`; its failures become `RenderError`s:
    /// `.cannotAllocate` when memory ran out (the image may be fine), `.invalidImage` with the
    /// library's words for what it cannot read.
    init(_ data: Data, _ decode: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<rd_image>, UnsafeMutablePointer<CChar>, Int) -> Int32) throws(RenderError) {
        var image = rd_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            decode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &image, &message, message.count)
        }
        guard status != RD_NO_MEMORY else { throw .cannotAllocate(width: Int(image.width), height: Int(image.height)) }
        guard status == 0 else { throw .invalidImage(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        self.image = image
    }

    deinit { rd_image_free(&image) }

    /// The bytes, rows top to bottom without padding (`width * 4` each).
    var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: image.pixels, count: width * height * 4)) }

    /// Copies the (premultiplied ARGB32) pixels into a Cairo image surface of the same size.
    func copy(into surface: OpaquePointer) {
        cairo_surface_flush(surface)
        guard let target = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            memcpy(target + y * stride, image.pixels + y * Int(image.stride), width * 4)
        }
        cairo_surface_mark_dirty(surface)
    }
}
