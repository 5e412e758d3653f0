import Foundation
import Testing
@testable import MapsnapTiles

/// Glyph PBFs as MapLibre's glyph servers write them.
struct GlyphRangeTests {
    /// Protobuf by hand: enough of the wire format to write glyph PBFs.
    struct Writer {
        var bytes: [UInt8] = []
        mutating func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 { bytes.append(UInt8(v & 0x7f) | 0x80); v >>= 7 }
            bytes.append(UInt8(v))
        }
        mutating func field(_ n: UInt64, _ v: UInt64) { varint(n << 3); varint(v) }
        mutating func signed(_ n: UInt64, _ v: Int64) { field(n, UInt64(bitPattern: (v << 1) ^ (v >> 63))) }
        mutating func message(_ n: UInt64, _ payload: [UInt8]) { varint(n << 3 | 2); varint(UInt64(payload.count)); bytes += payload }
    }

    static func glyph(id: UInt64, width: UInt64, height: UInt64, left: Int64 = 1, top: Int64 = -5, advance: UInt64 = 12,
                      bitmapBytes: Int? = nil) -> [UInt8] {
        var g = Writer()
        g.field(1, id)
        let count = bitmapBytes ?? Int((width + 6) * (height + 6))
        if count > 0 { g.message(2, [UInt8](repeating: 200, count: count)) }
        g.field(3, width); g.field(4, height); g.signed(5, left); g.signed(6, top); g.field(7, advance)
        return g.bytes
    }

    static func range(_ glyphs: [[UInt8]]) -> Data {
        var stack = Writer()
        stack.message(1, Array("Test Sans".utf8))
        stack.message(2, Array("0-255".utf8))
        for g in glyphs { stack.message(3, g) }
        var file = Writer()
        file.message(1, stack.bytes)
        return Data(file.bytes)
    }

    @Test func decodesGlyphsWithMetricsAndDistanceFields() throws {
        let range = try GlyphRange.decode(Self.range([Self.glyph(id: 65, width: 10, height: 14, left: 1, top: -5, advance: 12),
                                                      Self.glyph(id: 32, width: 0, height: 0, advance: 6, bitmapBytes: 0)]))
        let a = try #require(range.glyphs[65])
        #expect((a.width, a.height, a.left, a.top, a.advance) == (10, 14, 1, -5, 12))
        #expect(a.bitmap.count == 16 * 20 && a.bitmapWidth == 16 && a.bitmapHeight == 20)
        #expect(range.glyphs[32]?.bitmap.isEmpty == true && range.glyphs[32]?.advance == 6)
    }

    @Test func refusesMalformedRangesWithTheReason() {
        #expect(throws: GlyphRangeError.malformed("glyph 65: 10 bitmap bytes for a 10x14 glyph (want 320)")) {
            try GlyphRange.decode(Self.range([Self.glyph(id: 65, width: 10, height: 14, bitmapBytes: 10)]))
        }
        #expect(throws: GlyphRangeError.self) { try GlyphRange.decode(Self.range([Self.glyph(id: 66, width: 5000, height: 1)])) }
        #expect(throws: GlyphRangeError.self) { try GlyphRange.decode(Data([0x0a, 0x50, 0x01])) }   // truncated
        #expect(throws: GlyphRangeError.self) { try GlyphRange.decode(Self.range([Self.glyph(id: 0x200000, width: 1, height: 1)])) }
    }

    /// The glyphs MapLibre's render tests use, when `../shared` is beside the repository.
    @Test func decodesMapLibresTestGlyphs() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/render/assets/glyphs/Open Sans Semibold,Arial Unicode MS Bold/0-255.pbf")
        guard let data = FileManager.default.contents(atPath: file.path) else { print("skipped: no \(file.path)"); return }
        let range = try GlyphRange.decode(data)
        #expect(range.glyphs.count > 150)
        let a = try #require(range.glyphs[65])
        #expect(a.advance > 10 && a.advance < 20 && !a.bitmap.isEmpty)
    }
}
