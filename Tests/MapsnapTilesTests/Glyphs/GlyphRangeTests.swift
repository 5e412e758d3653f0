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
