import CPNG
import Foundation
import MapsnapRender

/// An image as the upstream judge sees it: 8-bit RGBA with straight (un-premultiplied) alpha,
/// rows top to bottom, no padding.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: r, g, b, a per pixel.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "expected \(width * height * 4) bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// A rendered image, un-premultiplied as WebGL's read-back is before upstream compares it:
    /// `c·255/a`, rounded to nearest.
    public init(_ image: RasterImage) {
        let w = image.pixelWidth, h = image.pixelHeight
        var out = [UInt8](repeating: 0, count: w * h * 4)
        image.withPixels { data, stride in
            for y in 0..<h {
                for x in 0..<w {
                    // Cairo's ARGB32: one native-endian 32-bit word, premultiplied.
                    let p = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                    let a = p >> 24
                    let i = (y * w + x) * 4
                    guard a > 0 else { continue }
                    func straight(_ c: UInt32) -> UInt8 { UInt8(min((c * 255 + a / 2) / a, 255)) }
                    out[i] = straight((p >> 16) & 0xff)
                    out[i + 1] = straight((p >> 8) & 0xff)
                    out[i + 2] = straight(p & 0xff)
                    out[i + 3] = UInt8(a)
                }
            }
        }
        self.init(width: w, height: h, pixels: out)
    }

    /// Reads a PNG file with the raster tiles' decoder (`PNGDecoding`, libpng's simplified API):
    /// any PNG colour type becomes 8-bit straight RGBA.
    public init(pngFile path: String) throws(ImageFileError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "no such file, or unreadable") }
        do {
            let image = try PNGDecoding.straightRGBA(data)
            self.init(width: image.width, height: image.height, pixels: image.pixels)
        } catch {
            if case .invalidImage(let reason) = error { throw .unreadable(path: path, reason: reason) }
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// Writes the image as an RGBA PNG.
    public func writePNG(to path: String) throws(ImageFileError) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = Self.formatRGBA
        let ok = pixels.withUnsafeBytes { png_image_write_to_file(&image, path, 0, $0.baseAddress, 0, nil) }
        guard ok != 0 else { throw .unwritable(path: path, reason: Self.message(&image)) }
    }

    /// libpng's `PNG_FORMAT_RGBA` (colour | alpha; the macro is an expression Swift does not import).
    private static let formatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    private static func message(_ image: inout png_image) -> String {
        defer { png_image_free(&image) }
        return withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The RGBA bytes of pixel (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    public mutating func setPixel(x: Int, y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let i = (y * width + x) * 4
        (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = rgba
    }
}

public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read the PNG (\(reason))"
        case .unwritable(let path, let reason): return "\(path): cannot write the PNG (\(reason))"
        }
    }
}
