import Foundation
import Testing
@testable import MapsnapRender

/// WebP and JPEG output: read back with the raster-tile decoder (libwebp, libjpeg-turbo).
struct WebPJPEGEncodingTests {
    /// Left half opaque orange, right half translucent blue (alpha 128), a gradient row at the top.
    static func image(alpha: Bool = true) throws -> RasterImage {
        let image = try RasterImage(pixelWidth: 32, pixelHeight: 16)
        image.withMutablePixels { p, stride in
            for y in 0..<16 { for x in 0..<32 {
                var argb: UInt32 = x < 16 ? 0xffff_8000 : (alpha ? 0x8000_0080 : 0xff00_00ff)
                if y == 0 { argb = 0xff00_0000 | UInt32(x * 8) << 16 | UInt32(255 - x * 8) }
                UnsafeMutableRawPointer(p + y * stride + x * 4).storeBytes(of: argb, as: UInt32.self)
            } }
        }
        return image
    }

    @Test func losslessWebPKeepsEveryPixel() throws {
        let source = try Self.image()
        let data = try source.webpData(quality: nil)
        #expect(data.prefix(4) == Data("RIFF".utf8) && data.dropFirst(8).prefix(4) == Data("WEBP".utf8))
        let back = try RasterTileImage.decode(data)
        #expect(back.width == 32 && back.height == 16)
        for (x, y) in [(0, 0), (31, 0), (3, 8), (20, 8), (31, 15)] {
            let p = RasterTileImageTests.pixel(back, x, y)
            let q = source.withPixels { d, stride in UnsafeRawPointer(d + y * stride + x * 4).load(as: UInt32.self) }
            #expect(p.a == q >> 24 && p.r == (q >> 16) & 0xff && p.g == (q >> 8) & 0xff && p.b == q & 0xff, "(\(x), \(y)): \(p) vs \(String(q, radix: 16))")
        }
    }

    @Test func lossyWebPIsCloseAndSmaller() throws {
        let source = try RasterImageTests.varied(3)
        let lossless = try source.webpData(quality: nil), lossy = try source.webpData(quality: 60)
        #expect(lossy.count < lossless.count)
        let back = try RasterTileImage.decode(lossy)
        #expect(back.width == 256 && back.height == 256 && RasterTileImageTests.pixel(back, 10, 10).a == 255)
    }

    @Test func jpegOfAnOpaqueImageDecodes() throws {
        let data = try Self.image(alpha: false).jpegData(quality: 90)
        #expect(data.prefix(3) == Data([0xff, 0xd8, 0xff]))
        let p = RasterTileImageTests.pixel(try RasterTileImage.decode(data), 4, 8)
        #expect(p.a == 255 && p.r > 240 && abs(Int(p.g) - 128) < 12 && p.b < 16, "\(p)")
        #expect(try Self.image(alpha: false).jpegData(quality: 90) == data, "the same bytes every time")
    }

    @Test func jpegRefusesTransparency() throws {
        #expect(throws: RenderError.jpegNeedsOpaqueImage) { try Self.image().jpegData(quality: 80) }
        // The opaque left half alone is fine.
        #expect(try Self.image().jpegData(x: 0, y: 0, width: 16, height: 16, quality: 80).count > 0)
        #expect(RenderError.jpegNeedsOpaqueImage.description.contains("png or webp"))
    }
}
