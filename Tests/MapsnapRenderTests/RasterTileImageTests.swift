import Foundation
import Testing
@testable import MapsnapRender

/// Raster tiles (raster layers): PNG, JPEG and WebP decoded into Cairo's premultiplied pixels;
/// anything else is a clear error, never a crash.
struct RasterTileImageTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/raster")

    static func pixel(_ image: RasterTileImage, _ x: Int, _ y: Int) -> (a: UInt32, r: UInt32, g: UInt32, b: UInt32) {
        let (data, stride) = image.pixels
        let p = UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self)
        return (p >> 24, (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff)
    }

    @Test(arguments: ["halves.jpg", "halves.webp"])
    func decodesJPEGAndWebP(_ name: String) throws {
        let image = try RasterTileImage.decode(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        #expect(image.width == 16 && image.height == 16)
        let left = Self.pixel(image, 2, 8), right = Self.pixel(image, 13, 8)
        #expect(left.a == 255 && left.r > 240 && left.b < 16, "\(left)")
        #expect(right.a == 255 && right.b > 240 && right.r < 16, "\(right)")
    }

    @Test func translucentPixelsArePremultiplied() throws {
        let image = try RasterTileImage.decode(try Data(contentsOf: Self.fixtures.appendingPathComponent("halves-alpha.webp")))
        let p = Self.pixel(image, 0, 0)
        #expect(p.a == 128 && abs(Int(p.g) - 128) <= 1 && p.r == 0)
    }

    @Test func decodesThePNGsMapsnapWrites() throws {
        let source = try RasterImage(pixelWidth: 8, pixelHeight: 4)
        source.withMutablePixels { p, stride in
            for y in 0..<4 { for x in 0..<8 { UnsafeMutableRawPointer(p + y * stride + x * 4).storeBytes(of: 0xff20_4060, as: UInt32.self) } }
        }
        let image = try RasterTileImage.decode(try source.pngData())
        #expect(image.width == 8 && image.height == 4)
        let p = Self.pixel(image, 7, 3)
        #expect(p.a == 255 && p.r == 0x20 && p.g == 0x40 && p.b == 0x60)
    }

    @Test(arguments: [
        (Data("not an image at all".utf8), "not a PNG, JPEG or WebP image"),
        (Data([0xff, 0xd8, 0xff, 0xe0] + Array(repeating: 0, count: 40)), ""),
        (Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + Array(repeating: 7, count: 40)), ""),
        (Data(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8) + Array(repeating: 1, count: 30)), "corrupt WebP"),
        (Data([1, 2, 3]), "too short for an image"),
    ])
    func garbageIsAClearError(_ data: Data, _ message: String) {
        #expect {
            _ = try RasterTileImage.decode(data)
        } throws: { error in
            guard case RenderError.invalidImage(let text) = error else { return false }
            return message.isEmpty ? !text.isEmpty : text == message
        }
    }
}
