import Foundation
import Synchronization
import Testing
@testable import MapsnapRender
import PNGWriter
import MapsnapTestSupport

/// Palette (png8) PNGs: exact up to 256 colours, quantized beyond, every one readable by libpng.
struct PalettePNGTests {
    // MARK: helpers

    /// An image whose premultiplied ARGB32 pixel at (x, y) is `pixel(x, y)`.
    static func image(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) throws -> RasterImage {
        let image = try RasterImage(pixelWidth: width, pixelHeight: height)
        image.withMutablePixels { p, stride in
            for y in 0..<height {
                for x in 0..<width { UnsafeMutableRawPointer(p + y * stride + x * 4).storeBytes(of: pixel(x, y), as: UInt32.self) }
            }
        }
        return image
    }

    /// Premultiplied ARGB32 of an un-premultiplied colour.
    static func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> UInt32 {
        func p(_ c: Int) -> UInt32 { UInt32((c * a + 127) / 255) }
        return UInt32(a) << 24 | p(r) << 16 | p(g) << 8 | p(b)
    }

    /// Read back by Cairo's reader (libpng, which checks every chunk's CRC).
    static func decode(_ png: Data) throws -> RasterImage {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-palette-\(UUID()).png")
        try png.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try RasterImage(pngFile: url.path)
    }

    static func pixels(_ image: RasterImage) -> [UInt32] {
        image.withPixels { p, stride in
            var out: [UInt32] = []
            out.reserveCapacity(image.pixelWidth * image.pixelHeight)
            for y in 0..<image.pixelHeight {
                for x in 0..<image.pixelWidth { out.append(UnsafeRawPointer(p + y * stride + x * 4).loadUnaligned(as: UInt32.self)) }
            }
            return out
        }
    }

    /// The largest and the mean difference of one premultiplied channel.
    static func difference(_ a: RasterImage, _ b: RasterImage) -> (max: Int, mean: Double) {
        let pa = pixels(a), pb = pixels(b)
        var worst = 0, sum = 0
        for (x, y) in zip(pa, pb) {
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                let d = abs(Int((x >> shift) & 0xff) - Int((y >> shift) & 0xff))
                worst = max(worst, d)
                sum += d
            }
        }
        return (worst, Double(sum) / Double(max(pa.count * 4, 1)))
    }

    /// What the PNG says of itself: IHDR's bit depth and colour type, the PLTE and tRNS entries.
    struct Header: Equatable {
        var bitDepth = 0, colorType = 0, paletteSize = 0
        var transparencySize: Int?
    }

    static func header(_ png: Data) -> Header {
        let bytes = [UInt8](png)
        var header = Header(), at = 8
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while at + 8 <= bytes.count {
            let length = u32(at), type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            switch type {
            case "IHDR": header.bitDepth = Int(bytes[at + 16]); header.colorType = Int(bytes[at + 17])
            case "PLTE": header.paletteSize = length / 3
            case "tRNS": header.transparencySize = length
            default: break
            }
            at += 12 + length
        }
        return header
    }

    /// Colour `i` of a set of distinct ones: 0 transparent, every third translucent (distinct
    /// premultiplied values of one alpha stay distinct un-premultiplied), the others opaque.
    static func distinctColour(_ i: Int) -> UInt32 {
        if i == 0 { return 0 }
        if i % 3 == 1 { return 200 << 24 | UInt32(i % 200) << 16 | UInt32(i / 200) << 8 | 0x40 }
        return 0xff00_0000 | UInt32(i) << 16 | UInt32(255 - i) << 8 | UInt32(i * 7 & 0xff)
    }

    // MARK: exact

    /// Up to 256 colours come back exactly as the RGBA encoder writes them, packed 1, 2, 4 or
    /// 8 bits a pixel (an odd width leaves a partial last byte in each row).
    @Test(arguments: [(1, 1), (2, 1), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (255, 8), (256, 8)])
    func upTo256ColoursRoundTripExactly(_ colours: Int, _ bitDepth: Int) throws {
        let image = try Self.image(width: 37, height: 11) { x, y in Self.distinctColour((x + y * 37) % colours) }
        let png = try image.palettePNGData()
        let header = Self.header(png)
        #expect(header.colorType == 3 && header.bitDepth == bitDepth && header.paletteSize == colours)
        #expect(Self.pixels(try Self.decode(png)) == Self.pixels(try Self.decode(try image.pngData())))
    }

    @Test func opaqueColoursComeBackAsTheyWere() throws {
        let image = try Self.image(width: 64, height: 48) { x, y in 0xff00_0000 | UInt32((x / 8) * 30) << 16 | UInt32((y / 8) * 40) << 8 | 0x80 }
        let png = try image.palettePNGData()
        #expect(Self.header(png).transparencySize == nil)
        #expect(Self.pixels(try Self.decode(png)) == Self.pixels(image))
    }

    // MARK: transparency

    /// Every alpha from 0 to 255 (the edge of a fill fading out): 256 colours, exact, and tRNS
    /// lists the translucent palette entries, first, and only those.
    @Test func translucentPixelsKeepTheirAlpha() throws {
        let image = try Self.image(width: 256, height: 20) { x, _ in Self.premultiplied(255, 128, 0, x) }
        let png = try image.palettePNGData()
        #expect(Self.header(png) == Header(bitDepth: 8, colorType: 3, paletteSize: 256, transparencySize: 255))
        let back = try Self.decode(png)
        #expect(Self.pixels(back) == Self.pixels(try Self.decode(try image.pngData())))
        #expect(back.rgba(x: 0, y: 0).a == 0 && back.rgba(x: 128, y: 5).a == 128 && back.rgba(x: 255, y: 19) == (255, 128, 0, 255))
    }

    /// Beyond 256 colours with alpha: transparent stays transparent, opaque stays opaque, and the
    /// translucent colours between keep close to their alpha.
    @Test(arguments: PNGCompression.allCases)
    func quantizedTranslucencyStaysClose(_ c: PNGCompression) throws {
        let image = try Self.image(width: 256, height: 256) { x, y in
            x < 16 ? 0 : x >= 240 ? Self.premultiplied(y, 255 - y, 40, 255) : Self.premultiplied(30, y, 255 - y, x)
        }
        let png = try image.palettePNGData(compression: c)
        let header = Self.header(png)
        #expect(header.colorType == 3 && header.paletteSize <= 256 && header.transparencySize != nil)
        let back = try Self.decode(png)
        for y in stride(from: 0, to: 256, by: 5) {
            #expect(back.rgba(x: 3, y: y).a == 0)
            #expect(back.rgba(x: 250, y: y).a == 255)
        }
        let d = Self.difference(back, image)
        #expect(d.max <= 16 && d.mean < 3, "max \(d.max), mean \(d.mean)")
    }

    // MARK: quantized

    /// A smooth two-dimensional ramp (65,536 colours, the hardest case for 256) stays within a
    /// few levels: the largest error of a channel is bounded, the mean small.
    @Test(arguments: PNGCompression.allCases)
    func manyColoursAreQuantizedWithBoundedError(_ c: PNGCompression) throws {
        let image = try Self.image(width: 256, height: 256) { x, y in 0xff00_0000 | UInt32(x) << 16 | UInt32(y) << 8 | UInt32((x + y) / 2) }
        let png = try image.palettePNGData(compression: c)
        let header = Self.header(png)
        #expect(header.colorType == 3 && header.bitDepth == 8 && header.paletteSize <= 256 && header.paletteSize > 200)
        let d = Self.difference(try Self.decode(png), image)
        #expect(d.max <= 12 && d.mean < 3.5, "max \(d.max), mean \(d.mean)")
    }

    /// Noise has more colours than the quantizer keeps (2^18): it drops low bits first, and the
    /// PNG is still valid and opaque.
    @Test func moreColoursThanTheTableHoldsStillEncode() throws {
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        let image = try Self.image(width: 1024, height: 512) { _, _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 0xff00_0000 | UInt32(truncatingIfNeeded: state >> 40)
        }
        let png = try image.palettePNGData(compression: .fast)
        #expect(Self.header(png).paletteSize == 256 && Self.header(png).transparencySize == nil)
        let back = try Self.decode(png)
        let d = Self.difference(back, image)
        #expect(d.max <= 48 && d.mean < 12, "max \(d.max), mean \(d.mean)")
    }

    /// A rendered map (the golden image of the default style over Monaco): anti-aliased roads,
    /// text halos, water. Almost every pixel is within a few levels, flat fills exact, and the
    /// file is about half the RGB one.
    @Test(arguments: PNGCompression.allCases)
    func aRenderedMapStaysClose(_ c: PNGCompression) throws {
        let path = GoldenCase.casesRoot.appendingPathComponent("monaco/default/expected.png").path
        let map = try RasterImage(pngFile: path)
        let png = try map.palettePNGData(compression: c)
        let back = try Self.decode(png)
        let comparison = try ImageComparison(actual: back, expected: map, channelTolerance: 16)
        #expect(comparison.differentFraction < 0.0002, "\(comparison.differentPixels) pixels differ by more than 16")
        let d = Self.difference(back, map)
        #expect(d.max <= 32 && d.mean < 0.15, "max \(d.max), mean \(d.mean)")
        // The water (a flat fill) is exact.
        #expect(back.rgba(x: 700, y: 400) == map.rgba(x: 700, y: 400) && back.rgba(x: 1000, y: 200) == map.rgba(x: 1000, y: 200))
        #expect(Double(png.count) < 0.55 * Double(try map.pngData(compression: c).count))
    }

    // MARK: edges

    @Test(arguments: [UInt32(0xff12_3456), 0, 0x8040_2010])
    func aSinglePixel(_ pixel: UInt32) throws {
        let image = try Self.image(width: 1, height: 1) { _, _ in pixel }
        let png = try image.palettePNGData()
        #expect(Self.header(png) == Header(bitDepth: 1, colorType: 3, paletteSize: 1, transparencySize: pixel >> 24 == 255 ? nil : 1))
        #expect(Self.pixels(try Self.decode(png)) == Self.pixels(try Self.decode(try image.pngData())))
    }

    /// Nearly the widest image Cairo makes (its PNG reader gives a 32767-pixel-wide image back
    /// empty), with few colours (2-bit rows of 8,192 bytes) and with many.
    @Test func veryWideImages() throws {
        let few = try Self.image(width: 32766, height: 2) { x, y in [0xff00_0000, 0xffff_ffff, 0xff80_8080][(x / 7 + y) % 3] }
        let png = try few.palettePNGData()
        #expect(Self.header(png).bitDepth == 2)
        #expect(Self.pixels(try Self.decode(png)) == Self.pixels(few))
        let many = try Self.image(width: 32766, height: 1) { x, _ in 0xff00_0000 | UInt32(x & 0xff) << 16 | UInt32(x >> 7) }
        let back = try Self.decode(try many.palettePNGData())
        #expect(back.pixelWidth == 32766 && Self.difference(back, many).max <= 12)
    }

    /// A rectangle cut out of a larger image (as a tile from a metatile).
    @Test func aRectangleOfTheImage() throws {
        let image = try Self.image(width: 100, height: 80) { x, y in Self.distinctColour((x / 3 + y / 4 * 7) % 200) }
        let png = try image.palettePNGData(x: 30, y: 20, width: 50, height: 40)
        let expected = try image.pngData(x: 30, y: 20, width: 50, height: 40)
        #expect(Self.pixels(try Self.decode(png)) == Self.pixels(try Self.decode(expected)))
        // The default width and height run to the image's edges.
        let rest = try Self.decode(try image.palettePNGData(x: 90, y: 70))
        #expect(rest.pixelWidth == 10 && rest.pixelHeight == 10)
    }

    @Test func aRectangleOutsideTheImageIsRefused() throws {
        let image = try RasterImage(pixelWidth: 10, pixelHeight: 10)
        #expect(throws: RenderError.encodingFailed("palette PNG: the rectangle 5x5 at 8,0 is not inside the 10x10 image")) {
            try image.palettePNGData(x: 8, y: 0, width: 5, height: 5)
        }
        #expect(throws: RenderError.self) { try image.palettePNGData(x: -1) }
        #expect(throws: RenderError.self) { try image.palettePNGData(width: 0) }
    }

    /// Sizes are checked before any arithmetic on them, and before a pixel is read.
    @Test func badArgumentsAreRefusedWithAReason() {
        func message(_ width: Int32, _ height: Int32, _ stride: Int32, _ c: pngw_compression = PNGW_BALANCED) -> String {
            var pixel: UInt32 = 0xff00_0000
            var buffer = pngw_buffer(data: nil, size: 0, capacity: 0)
            defer { pngw_buffer_free(&buffer) }
            var error = [CChar](repeating: 0, count: 256)
            let status = withUnsafeBytes(of: &pixel) { p in
                pngw_encode_palette_argb32(p.baseAddress!.assumingMemoryBound(to: UInt8.self), width, height, stride, c, &buffer, &error, error.count)
            }
            return status == 0 ? "ok" : String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #expect(message(1, 1, 4) == "ok")
        #expect(message(0, 1, 4) == "cannot encode a 0x1 image with compression 1")
        #expect(message(1, -3, 4) == "cannot encode a 1x-3 image with compression 1")
        #expect(message(1, 1, 4, pngw_compression(rawValue: 7)) == "cannot encode a 1x1 image with compression 7")
        #expect(message(2, 1, 4) == "a row stride of 4 bytes is shorter than a 2-pixel row")
        #expect(message(1, 1, -4) == "a row stride of -4 bytes is shorter than a 1-pixel row")
        #expect(message(Int32.max / 4, 1 << 16, Int32.max - 3) == "a 536870911x65536 image is too large for one PNG")
        #expect(message(65536, 65536, 262_144) == "a 65536x65536 image is too large for one PNG")
    }

    // MARK: determinism

    /// Tiles are told apart (cached, compared) by their bytes: the same image gives the same
    /// bytes every time, on any thread, whatever was encoded before.
    @Test(arguments: PNGCompression.allCases)
    func bytesDependOnlyOnTheImage(_ c: PNGCompression) throws {
        let path = GoldenCase.casesRoot.appendingPathComponent("monaco/dark/expected.png").path
        let map = try RasterImage(pngFile: path)
        let first = try map.palettePNGData(x: 100, y: 100, width: 512, height: 512, compression: c)
        _ = try RasterImageTests.varied(5).palettePNGData(compression: c)
        #expect(try map.palettePNGData(x: 100, y: 100, width: 512, height: 512, compression: c) == first)
        pngw_scramble_thread_state()
        #expect(try map.palettePNGData(x: 100, y: 100, width: 512, height: 512, compression: c) == first)
        // On a thread that has encoded nothing yet.
        let other = Mutex<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            other.withLock { $0 = try? RasterImage(pngFile: path).palettePNGData(x: 100, y: 100, width: 512, height: 512, compression: c) }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(other.withLock { $0 } == first)
    }
}
