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
}

extension RasterImage {
    /// Reads a PNG file: sprite sheets, marker icons, images read back in tests.
    public convenience init(pngFile path: String, maxSide: Int = InputLimits.maxPNGFileSide) throws(RenderError) {
        let data: Data
        do { data = try InputFile.read(path) } catch { throw .cannotRead(path: path, reason: error.reason) }
        try self.init(png: data, named: path, maxSide: maxSide)
    }

    /// Decodes PNG bytes (an image added to a style at run time); `name` names them in errors.
    public convenience init(png data: Data, named path: String, maxSide: Int = InputLimits.maxPNGFileSide) throws(RenderError) {
        // The size the header declares is checked before anything is decoded: a small file can
        // declare an image of gigabytes.
        if let (w, h) = PNGHeader.size(data),
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
