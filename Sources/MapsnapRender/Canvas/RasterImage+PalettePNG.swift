import Foundation
import PNGWriter

extension RasterImage {
    /// A palette PNG (png8, what renderd and Mapnik serve as png256) of the image or of a rectangle
    /// of it (device pixels; width and height default to the rest of the image). Exact when the
    /// rectangle has at most 256 colours (un-premultiplied RGBA; translucent ones go into tRNS),
    /// quantized to 256 otherwise (no dithering: map colours are flat, and dithered blends
    /// would cost bytes). About half the bytes of `pngData` on map images; a 1024x768 map takes
    /// about 10 ms. `compression` as for `pngData`, except that `fast` uses libdeflate's fastest
    /// level rather than igzip (5 % smaller here) and skips the quantizer's k-means passes.
    public func palettePNGData(x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil,
                               compression: PNGCompression = .balanced) throws(RenderError) -> Data {
        let width = width ?? pixelWidth - x, height = height ?? pixelHeight - y
        // Checked here rather than trapped: the rectangle may come from a request.
        guard x >= 0, y >= 0, width > 0, height > 0, x <= pixelWidth - width, y <= pixelHeight - height else {
            throw .encodingFailed("palette PNG: the rectangle \(width)x\(height) at \(x),\(y) is not inside the \(pixelWidth)x\(pixelHeight) image")
        }
        return try pngWriterData("palette PNG", x: x, y: y, width: width, height: height) { pixels, stride, buffer, message in
            pngw_encode_palette_argb32(pixels, Int32(width), Int32(height), stride, compression.writerCompression, &buffer, message, 256)
        }
    }
}
