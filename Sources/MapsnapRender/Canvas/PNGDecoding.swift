import Foundation
import MapsnapFormats
import RasterDecoder

/// mapsnap's one PNG reader (`RasterDecoder`, libpng's simplified API): any colour type and bit
/// depth, converted to 8-bit sRGB by the file's gAMA/sRGB chunks as a browser (and so MapLibre)
/// shows it.
public enum PNGDecoding {
    /// `width * height * 4` bytes, r, g, b, a per pixel (straight alpha), rows top to bottom:
    /// what the conformance judge compares against its expected images. Throws `.invalidImage`
    /// (libpng's words) for what is not a readable PNG.
    public static func straightRGBA(_ data: Data, maxSide: Int = InputLimits.maxPNGFileSide) throws(RenderError) -> (width: Int, height: Int, pixels: [UInt8]) {
        let decoded = try DecodedPixels(data) { rd_decode_png($0, $1, Int32(clamping: maxSide), 0, $2, $3, $4) }
        return (decoded.width, decoded.height, decoded.bytes)
    }

    /// Width and height from a PNG's IHDR chunk (its first 24 bytes); nil when the bytes do not
    /// start as a PNG (the decoder then says what is wrong).
    static func headerSize(_ data: Data) -> (width: Int, height: Int)? {
        let head = [UInt8](data.prefix(24))
        guard head.count == 24, head.prefix(8) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] else { return nil }
        func be32(_ o: Int) -> Int { head[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}

extension RasterImage {
    /// Reads a PNG file: sprite sheets, marker icons, images read back in tests.
    public convenience init(pngFile path: String, maxSide: Int = InputLimits.maxPNGFileSide) throws(RenderError) {
        let data: Data
        do { data = try InputFile.read(path) } catch { throw .cannotRead(path: path, reason: error.reason) }
        // The size the header declares is checked before anything is decoded: a small file can
        // declare an image of gigabytes.
        if let (w, h) = PNGDecoding.headerSize(data),
           w > maxSide || h > maxSide || w * h > InputLimits.maxPNGFilePixels {
            throw .cannotRead(path: path, reason: "is a \(w)x\(h) image, larger than the \(maxSide) pixels a side "
                              + "(and \(InputLimits.maxPNGFilePixels / 1_000_000) million pixels in all) an image here may have")
        }
        let decoded: DecodedPixels
        do { decoded = try DecodedPixels(data) { rd_decode_png($0, $1, Int32(clamping: maxSide), 1, $2, $3, $4) } } catch {
            if case .invalidImage(let why) = error { throw .cannotRead(path: path, reason: "is not a readable PNG image (\(why))") }
            throw error
        }
        try self.init(pixelWidth: decoded.width, pixelHeight: decoded.height)
        decoded.copy(into: surface)
    }
}
