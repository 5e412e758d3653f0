import Foundation
import Testing
import MapsnapTestSupport
@testable import MapsnapTiles

/// Glyph PBFs as MapLibre's glyph servers write them.
struct GlyphRangeTests {
    static func glyph(id: UInt32, width: Int, height: Int, left: Int = 1, top: Int = -5, advance: Int = 12) -> SDFGlyph {
        SDFGlyph(id: id, width: width, height: height, left: left, top: top, advance: advance,
                 bitmap: width == 0 ? [] : [UInt8](repeating: 200, count: (width + 6) * (height + 6)))
    }

    static func range(_ glyphs: [SDFGlyph]) -> Data {
        Data(GlyphRange(glyphs: Dictionary(uniqueKeysWithValues: glyphs.map { ($0.id, $0) })).encoded(fontStack: "Test Sans", range: "0-255"))
    }

    /// A glyph whose bitmap does not match its size, written by hand (the encoder cannot make one).
    static func badBitmap() -> Data {
        var g = ProtobufBuffer()
        g.varintField(1, 65); g.bytesField(2, [UInt8](repeating: 1, count: 10)); g.varintField(3, 10); g.varintField(4, 14)
        var stack = ProtobufBuffer(); stack.bytesField(3, g.bytes)
        var file = ProtobufBuffer(); file.bytesField(1, stack.bytes)
        return Data(file.bytes)
    }

    @Test func decodesGlyphsWithMetricsAndDistanceFields() throws {
        let range = try GlyphRange.decode(Self.range([Self.glyph(id: 65, width: 10, height: 14, left: 1, top: -5, advance: 12),
                                                      Self.glyph(id: 32, width: 0, height: 0, advance: 6)]))
        let a = try #require(range.glyphs[65])
        #expect((a.width, a.height, a.left, a.top, a.advance) == (10, 14, 1, -5, 12))
        #expect(a.bitmap.count == 16 * 20 && a.bitmapWidth == 16 && a.bitmapHeight == 20)
        #expect(range.glyphs[32]?.bitmap.isEmpty == true && range.glyphs[32]?.advance == 6)
    }

    @Test func refusesMalformedRangesWithTheReason() throws {
        #expect(throws: GlyphRangeError.malformed("glyph 65: 10 bitmap bytes for a 10x14 glyph (want 320)")) {
            try GlyphRange.decode(Self.badBitmap())
        }
        #expect(throws: GlyphRangeError.self) { try GlyphRange.decode(Self.range([Self.glyph(id: 66, width: 300, height: 1)])) }
        #expect(throws: GlyphRangeError.self) { try GlyphRange.decode(Data([0x0a, 0x50, 0x01])) }   // truncated
        #expect(throws: GlyphRangeError.self) { try GlyphRange.decode(Self.range([Self.glyph(id: 0x200000, width: 1, height: 1)])) }
        // What it writes, it reads back.
        let glyphs = [Self.glyph(id: 97, width: 3, height: 4, left: -2, top: -20, advance: 9)]
        #expect(try GlyphRange.decode(Self.range(glyphs)).glyphs[97] == glyphs[0])
    }

    /// One glyph written field by field, each number as the varint given (the encoder cannot write
    /// numbers out of range): 65, a 1x1 bitmap, and `fields` on top (field number → varint).
    static func rawGlyph(_ fields: [UInt64: UInt64], bitmapBytes: Int = 49) -> Data {
        var values: [UInt64: UInt64] = [1: 65, 3: 1, 4: 1, 5: 0, 6: 0, 7: 5]
        values.merge(fields) { $1 }
        var g = ProtobufBuffer()
        for number in values.keys.sorted() { g.varintField(Int(number), values[number]!) }
        g.bytesField(2, [UInt8](repeating: 1, count: bitmapBytes))
        var stack = ProtobufBuffer(); stack.bytesField(3, g.bytes)
        var file = ProtobufBuffer(); file.bytesField(1, stack.bytes)
        return Data(file.bytes)
    }

    /// Every number is checked against its range before it is used: a `left` or `top` of
    /// Int64.min (the zigzag decoding of 2⁶⁴-1) once trapped in `abs()`, crashing the CLI and the
    /// server; sizes that fit no Int, and a bitmap whose size does not match, are refused too.
    @Test(arguments: [
        ([5: UInt64.max], 49, "not a glyph PBF: glyph 65: left -9223372036854775808 is out of range -256...256"),
        ([6: UInt64.max], 49, "not a glyph PBF: glyph 65: top -9223372036854775808 is out of range -256...256"),
        ([6: UInt64.max - 1], 49, "not a glyph PBF: glyph 65: top 9223372036854775807 is out of range -256...256"),
        ([5: 513], 49, "not a glyph PBF: glyph 65: left -257 is out of range -256...256"),
        ([3: UInt64.max], 49, "not a glyph PBF: glyph 65: width 18446744073709551615 is out of range 0...256"),
        ([4: 257], 49, "not a glyph PBF: glyph 65: height 257 is out of range 0...256"),
        ([7: 1 << 40], 49, "not a glyph PBF: glyph 65: advance 1099511627776 is out of range 0...256"),
        ([1: 0x110000], 49, "not a glyph PBF: a glyph at byte 4 has no valid code point id"),
        ([3: 256, 4: 256], 49, "not a glyph PBF: glyph 65: 49 bitmap bytes for a 256x256 glyph (want 68644)"),
        ([3: 2], 49, "not a glyph PBF: glyph 65: 49 bitmap bytes for a 2x1 glyph (want 56)"),
    ] as [([UInt64: UInt64], Int, String)])
    func refusesNumbersOutOfRange(fields: [UInt64: UInt64], bitmapBytes: Int, message: String) {
        do {
            _ = try GlyphRange.decode(Self.rawGlyph(fields, bitmapBytes: bitmapBytes))
            Issue.record("decoded: \(message)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// The largest numbers in range are read as they are.
    @Test func readsTheLimitsThemselves() throws {
        let glyph = try #require(try GlyphRange.decode(Self.rawGlyph([3: 256, 4: 0, 5: 511, 6: 512, 7: 256], bitmapBytes: 262 * 6)).glyphs[65])
        #expect((glyph.width, glyph.height, glyph.left, glyph.top, glyph.advance) == (256, 0, -256, 256, 256))
    }

    /// The glyphs MapLibre's render tests use, when `../shared` is beside the repository.
    @Test func decodesMapLibresTestGlyphs() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/render/assets/glyphs/Open Sans Semibold,Arial Unicode MS Bold/0-255.pbf")
        guard let data = FileManager.default.contents(atPath: file.path) else { try TestEnvironment.skip("no \(file.path)") }
        let range = try GlyphRange.decode(data)
        #expect(range.glyphs.count > 150)
        let a = try #require(range.glyphs[65])
        #expect(a.advance > 10 && a.advance < 20 && !a.bitmap.isEmpty)
    }
}
