import Foundation
import PNGWriter
import RasterEncoder

extension RasterImage {
    /// Whether every pixel of the rectangle is fully opaque (JPEG can hold nothing else).
    public func isOpaque(x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) -> Bool {
        let (w, h) = (width ?? pixelWidth, height ?? pixelHeight)
        precondition(x >= 0 && y >= 0 && x + w <= pixelWidth && y + h <= pixelHeight)
        return withPixels { data, stride in pngw_is_opaque(data + y * stride + x * 4, Int32(w), Int32(h), Int32(stride)) == 1 }
    }

    /// WebP bytes of a rectangle (device pixels; the whole image by default): lossless when
    /// `quality` is nil, else lossy at `quality` (0...100).
    public func webpData(x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil, quality: Int?) throws(RenderError) -> Data {
        try encoded("WebP", x, y, width, height) { pixels, w, h, stride, bytes, message in
            re_encode_webp(pixels, w, h, stride, Int32(clamping: quality.map { min(max($0, 0), 100) } ?? -1), &bytes, message, 256)
        }
    }

    /// JPEG bytes of a rectangle at `quality` (1...100). JPEG has no alpha: a rectangle with any
    /// transparent pixel is refused rather than silently flattened.
    public func jpegData(x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil, quality: Int) throws(RenderError) -> Data {
        guard isOpaque(x: x, y: y, width: width, height: height) else { throw .jpegNeedsOpaqueImage }
        return try encoded("JPEG", x, y, width, height) { pixels, w, h, stride, bytes, message in
            re_encode_jpeg(pixels, w, h, stride, Int32(clamping: min(max(quality, 1), 100)), &bytes, message, 256)
        }
    }

    private func encoded(_ format: String, _ x: Int, _ y: Int, _ width: Int?, _ height: Int?,
                         _ encode: (UnsafePointer<UInt8>, Int32, Int32, Int32, inout re_bytes, UnsafeMutablePointer<CChar>) -> Int32) throws(RenderError) -> Data {
        let (w, h) = (width ?? pixelWidth, height ?? pixelHeight)
        precondition(x >= 0 && y >= 0 && x + w <= pixelWidth && y + h <= pixelHeight)
        var bytes = re_bytes(data: nil, size: 0)
        defer { re_free(&bytes) }
        var message = [CChar](repeating: 0, count: 256)
        let status = withPixels { data, stride in
            message.withUnsafeMutableBufferPointer { m in
                encode(data + y * stride + x * 4, Int32(w), Int32(h), Int32(stride), &bytes, m.baseAddress!)
            }
        }
        guard status == 0, let data = bytes.data else {
            throw .encodingFailed(Self.failure(format, message))
        }
        return Data(bytes: data, count: bytes.size)
    }
}
