import Foundation
import Synchronization
import Testing
@testable import MapsnapRender
import PNGWriter

struct RasterImageTests {
    private func filled(_ argb: UInt32, width: Int = 4, height: Int = 3) throws -> RasterImage {
        let image = try RasterImage(pixelWidth: width, pixelHeight: height)
        image.withPixels { p, stride in
            for y in 0..<height {
                for x in 0..<width {
                    UnsafeMutableRawPointer(mutating: p + y * stride + x * 4).storeBytes(of: argb, as: UInt32.self)
                }
            }
        }
        return image
    }

    /// PNG color type 2 is RGB, 6 is RGBA (PNG spec, IHDR).
    private func colorType(_ png: Data) -> UInt8 { png[25] }

    @Test func opaqueImagesAreWrittenAsRGB() throws {
        let png = try filled(0xff33_6699).pngData()
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
        #expect(colorType(png) == 2)
    }

    @Test func translucentImagesAreWrittenAsUnpremultipliedRGBA() throws {
        // 50 % alpha, premultiplied red 0x80 → un-premultiplied 0xff.
        let png = try filled(0x8080_0000).pngData()
        #expect(colorType(png) == 6)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-rgba-\(UUID()).png")
        try png.write(to: url)
        let back = try RasterImage(pngFile: url.path)
        let px = back.rgba(x: 1, y: 1)
        #expect(px.r == 255 && px.g == 0 && px.a == 128)
    }

static func varied(_ seed: Int) throws -> RasterImage {
        let image = try RasterImage(pixelWidth: 256, pixelHeight: 256)
        image.withMutablePixels { p, stride in
            for y in 0..<256 {
                for x in 0..<256 {
                    let v = UInt32(((x / 7) * seed + (y / 5) * 13) & 0xff), w = UInt32(((x ^ y) / 9 * seed) & 0xff)
                    UnsafeMutableRawPointer(p + y * stride + x * 4).storeBytes(of: 0xff00_0000 | v << 16 | w << 8 | 0x40, as: UInt32.self)
                }
            }
        }
        return image
    }

    /// The same image compresses to the same bytes whatever the thread compressed before and on
    /// any thread: tiles are told apart (and cached, and compared) by their bytes. igzip once
    /// kept stream fields between images, and a tile came out up to twice as large on one
    /// thread as on another.
    @Test(arguments: PNGCompression.allCases)
    func bytesDependOnlyOnTheImage(_ c: PNGCompression) throws {
        let a = try Self.varied(3), b = try Self.varied(11)
        let first = try a.pngData(compression: c)
        _ = try b.pngData(compression: c)
        #expect(try a.pngData(compression: c) == first)
        // Whatever the thread's compressor memory holds (reused memory holds junk).
        pngw_scramble_thread_state()
        #expect(try a.pngData(compression: c) == first)
        // On a thread that has compressed nothing yet.
        let other = Mutex<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            other.withLock { $0 = try? Self.varied(3).pngData(compression: c) }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(other.withLock { $0 } == first)
    }

    /// A fast PNG is compressed in two halves (joined into one deflate stream): the bytes are
    /// the same whether one thread compresses both or two compress one each, and every pixel
    /// comes back, opaque or not.
    @Test(arguments: [0xff00_0000 as UInt32, 0x8000_0000])
    func fastPNGsAreTheSameOnOneThreadOrTwo(_ alpha: UInt32) throws {
        let image = try RasterImage(pixelWidth: 300, pixelHeight: 203)
        image.withMutablePixels { p, stride in
            for y in 0..<203 {
                for x in 0..<300 {
                    let a = alpha >> 24, v = UInt32((x * 7 + y * 13) & 0xff) * a / 255, w = UInt32((x * y) & 0xff) * a / 255
                    UnsafeMutableRawPointer(p + y * stride + x * 4).storeBytes(of: alpha | v << 16 | w << 8 | (UInt32(x & 0xff) * a / 255), as: UInt32.self)
                }
            }
        }
        let one = try image.pngData(compression: .fast, halves: .oneThread)
        let two = try image.pngData(compression: .fast, halves: .twoThreads)
        #expect(one == two)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-halves-\(UUID()).png")
        try two.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let back = try RasterImage(pngFile: url.path)
        var mismatches = 0
        for y in 0..<203 { for x in 0..<300 where back.rgba(x: x, y: y) != image.rgba(x: x, y: y) { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    @Test(arguments: PNGCompression.allCases)
    func everyCompressionRoundTrips(_ c: PNGCompression) throws {
        let png = try filled(0xff12_3456, width: 64, height: 64).pngData(compression: c)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-\(c)-\(UUID()).png")
        try png.write(to: url)
        let px = try RasterImage(pngFile: url.path).rgba(x: 63, y: 63)
        #expect(px.r == 0x12 && px.g == 0x34 && px.b == 0x56 && px.a == 255)
    }

    /// Every pixel of a varied image (a cut-out rectangle, as tiles are cut from a metatile) comes
    /// back through libpng's reader, which also checks every chunk's CRC.
    @Test(arguments: PNGCompression.allCases)
    func aVariedRectangleRoundTripsExactly(_ c: PNGCompression) throws {
        let image = try RasterImage(pixelWidth: 300, pixelHeight: 200)
        image.withMutablePixels { p, stride in
            for y in 0..<200 {
                for x in 0..<300 {
                    let v = UInt32((x * 7 + y * 13) & 0xff), w = UInt32((x * y) & 0xff)
                    UnsafeMutableRawPointer(p + y * stride + x * 4).storeBytes(of: 0xff00_0000 | v << 16 | w << 8 | UInt32(x & 0xff), as: UInt32.self)
                }
            }
        }
        let png = try image.pngData(x: 44, y: 20, width: 256, height: 160, compression: c)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-varied-\(c)-\(UUID()).png")
        try png.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let back = try RasterImage(pngFile: url.path)
        #expect(back.pixelWidth == 256 && back.pixelHeight == 160)
        var mismatches = 0
        for y in stride(from: 0, to: 160, by: 3) {
            for x in stride(from: 0, to: 256, by: 5) where back.rgba(x: x, y: y) != image.rgba(x: x + 44, y: y + 20) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// Noise does not compress: the stream may not fit where igzip writes it, and libdeflate
    /// writes it instead; either way every pixel comes back.
    @Test(arguments: PNGCompression.allCases)
    func incompressibleNoiseRoundTripsExactly(_ c: PNGCompression) throws {
        let image = try RasterImage(pixelWidth: 257, pixelHeight: 131)
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        image.withMutablePixels { p, stride in
            for y in 0..<131 {
                for x in 0..<257 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    UnsafeMutableRawPointer(p + y * stride + x * 4).storeBytes(of: 0xff00_0000 | UInt32(truncatingIfNeeded: state >> 40), as: UInt32.self)
                }
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-noise-\(c)-\(UUID()).png")
        try image.pngData(compression: c).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let back = try RasterImage(pngFile: url.path)
        var mismatches = 0
        for y in 0..<131 { for x in 0..<257 where back.rgba(x: x, y: y) != image.rgba(x: x, y: y) { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    @Test func readingANonPNGFails() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-not-\(UUID()).png")
        try Data("hello".utf8).write(to: url)
        #expect(throws: RenderError.cannotRead(path: url.path, reason: "is not a readable PNG image (not a PNG image)")) { try RasterImage(pngFile: url.path) }
    }

    /// A 16-bit image with no gamma chunk is sRGB, as a browser reads it (libpng alone would take
    /// it for linear light and brighten it), and a gAMA chunk is honoured: the one PNG reader
    /// shows a file as MapLibre's browser does.
    @Test func sixteenBitAndGammaAreReadAsABrowserShowsThem() throws {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(body.count) + typed + be32(Int(PNGTestCRC.crc32(typed)))
        }
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        // One pixel, 16-bit RGB (0x8080, 0x4040, 0xc0c0), filter byte 0, stored (uncompressed) in zlib.
        let raw: [UInt8] = [0, 0x80, 0x80, 0x40, 0x40, 0xc0, 0xc0]
        func png(gamma: Int?) -> Data {
            var bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
            bytes += chunk("IHDR", be32(1) + be32(1) + [16, 2, 0, 0, 0])
            if let gamma { bytes += chunk("gAMA", be32(gamma)) }
            bytes += chunk("IDAT", PNGTestCRC.storedZlib(raw))
            bytes += chunk("IEND", [])
            return Data(bytes)
        }
        let plain = try PNGDecoding.straightRGBA(png(gamma: nil))
        #expect(Array(plain.pixels) == [0x80, 0x40, 0xc0, 0xff])
        // Gamma 1.0 (linear light): a mid grey of light is brighter than 0x80 in sRGB.
        let linear = try PNGDecoding.straightRGBA(png(gamma: 100_000))
        #expect(linear.pixels[0] > 0xb0)
    }
}

/// What a hand-made PNG needs: the chunks' CRC and a zlib stream of stored blocks.
enum PNGTestCRC {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let n = UInt16(data.count)
        return [0x78, 0x01, 0x01, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8(~n >> 8)] + data
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: (b << 16 | a) >> $0) }
    }
}
