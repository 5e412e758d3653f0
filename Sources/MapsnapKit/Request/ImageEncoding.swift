import Foundation
import MapsnapFormats
import MapsnapRender

/// How an image is written: PNG (full colour, or an 8-bit palette as renderd and Mapnik serve),
/// WebP (lossless, or lossy at a quality) or JPEG (opaque images only).
public struct ImageEncoding: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case png, webp, jpeg

        /// The format a file name asks for by its extension (`.jpg` and `.jpeg` are JPEG).
        public init?(fileName: String) {
            switch URL(fileURLWithPath: fileName).pathExtension.lowercased() {
            case "png": self = .png
            case "webp": self = .webp
            case "jpg", "jpeg": self = .jpeg
            default: return nil
            }
        }

        /// The usual file name extension, also the MBTiles `format` and tileserver-gl's URL ending.
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
        public var contentType: String { "image/" + rawValue }
        /// The format's name in messages.
        public var displayName: String {
            switch self {
            case .png: "PNG"
            case .webp: "WebP"
            case .jpeg: "JPEG"
            }
        }

        /// Device pixels a side its encoder takes, when that is less than any image may have
        /// (`InputLimits.maxDeviceSide`); nil for PNG.
        public var maxSide: Int? {
            switch self {
            case .png: nil
            case .webp: InputLimits.maxWebPSide
            case .jpeg: InputLimits.maxJPEGSide
            }
        }
    }

    /// nil: not chosen, so the output's file name decides (PNG when it does not say).
    public var format: Format?
    public var pngCompression: PNGCompression
    /// PNG with at most 256 colours (exact when the image has no more, else quantized).
    public var palette = false
    /// Lossy quality 1...100: without one WebP is lossless and JPEG takes `defaultJPEGQuality`.
    public var quality: Int?

    public static let defaultJPEGQuality = 85

    public init(format: Format? = nil, pngCompression: PNGCompression = .fast, palette: Bool = false, quality: Int? = nil) {
        (self.format, self.pngCompression, self.palette, self.quality) = (format, pngCompression, palette, quality)
    }

    /// PNG at `compression`.
    public static func png(_ compression: PNGCompression) -> ImageEncoding { ImageEncoding(pngCompression: compression) }

    public var effectiveFormat: Format { format ?? .png }
    public var fileExtension: String { effectiveFormat.fileExtension }
    public var contentType: String { effectiveFormat.contentType }

    /// Options that belong to one format only are refused with another, rather than ignored.
    public func validate() throws(RequestError) {
        if quality != nil, effectiveFormat == .png {
            throw RequestError("quality", "applies to webp and jpeg (PNG is lossless; a palette PNG is smaller)")
        }
        if palette, effectiveFormat != .png {
            throw RequestError("png", "palette applies to PNG output, not \(effectiveFormat.rawValue)")
        }
    }

    /// The bytes of a rectangle of `image` (device pixels; the whole image by default). `halves` as
    /// in `RasterImage.pngData`: whole images are halved, tiles are not.
    public func encode(_ image: RasterImage, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil,
                       halves: PNGHalves = .none) throws(RenderError) -> Data {
        let (w, h) = (width ?? image.pixelWidth, height ?? image.pixelHeight)
        switch effectiveFormat {
        case .png:
            return palette ? try image.palettePNGData(x: x, y: y, width: w, height: h, compression: pngCompression)
                : try image.pngData(x: x, y: y, width: w, height: h, compression: pngCompression, halves: halves)
        case .webp: return try image.webpData(x: x, y: y, width: w, height: h, quality: quality)
        case .jpeg: return try image.jpegData(x: x, y: y, width: w, height: h, quality: quality ?? Self.defaultJPEGQuality)
        }
    }

    /// Words for `-v` output and metadata: `png`, `png (palette)`, `webp (lossless)`, `jpeg (quality 85)`.
    public var summary: String {
        switch effectiveFormat {
        case .png: return palette ? "png (palette)" : "png"
        case .webp: return quality.map { "webp (quality \($0))" } ?? "webp (lossless)"
        case .jpeg: return "jpeg (quality \(quality ?? Self.defaultJPEGQuality))"
        }
    }
}
