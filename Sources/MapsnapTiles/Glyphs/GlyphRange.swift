import Foundation
import MapsnapFormats

/// One glyph of a glyph PBF: its signed distance field and metrics, in pixels of MapLibre's 24 px
/// em. The field is `width + 6` by `height + 6` bytes (a 3-pixel border all round); 192 is the
/// outline, each 32 steps one pixel further in (up) or out (down).
public struct SDFGlyph: Sendable, Equatable {
    public let id: UInt32
    public let width: Int
    public let height: Int
    public let left: Int
    public let top: Int
    public let advance: Int
    /// Row-major distance field; empty for glyphs without ink (a space).
    public let bitmap: [UInt8]

    /// The border around the glyph box in `bitmap` (GLYPH_PBF_BORDER upstream).
    public static let border = 3
    public var bitmapWidth: Int { bitmap.isEmpty ? 0 : width + 2 * Self.border }
    public var bitmapHeight: Int { bitmap.isEmpty ? 0 : height + 2 * Self.border }

    public init(id: UInt32, width: Int, height: Int, left: Int, top: Int, advance: Int, bitmap: [UInt8]) {
        (self.id, self.width, self.height, self.left, self.top, self.advance, self.bitmap) = (id, width, height, left, top, advance, bitmap)
    }
}

/// A decoded glyph PBF (`{fontstack}/{start}-{end}.pbf`, 256 code points): the glyphs of every
/// font stack in it, by code point. Schema (`glyphs.proto`): `glyphs { repeated fontstack stacks = 1 }`,
/// `fontstack { name = 1; range = 2; repeated glyph glyphs = 3 }`, `glyph { id = 1; bitmap = 2;
/// width = 3; height = 4; sint32 left = 5; sint32 top = 6; advance = 7 }`.
public struct GlyphRange: Sendable {
    public let glyphs: [UInt32: SDFGlyph]

    /// Larger glyph boxes, advances and offsets than this are not a font's (MapLibre's glyphs are
    /// ~30 px): width, height and advance are 0...256, left and top -256...256.
    public static let maxGlyphSize = InputLimits.maxGlyphMetric

    public init(glyphs: [UInt32: SDFGlyph]) { self.glyphs = glyphs }

    public static func decode(_ data: Data) throws(GlyphRangeError) -> GlyphRange {
        let bytes = TileBytes(copying: data.withUnsafeBytes { $0 })
        do {
            var glyphs: [UInt32: SDFGlyph] = [:]
            var cursor = bytes.cursor(0..<bytes.count)
            while !cursor.isAtEnd {
                let key = try cursor.fieldKey()
                guard key.field == 1 else { try cursor.skip(wireType: key.wireType, at: key.at); continue }
                try cursor.expect(key.wireType, 2, field: "glyphs.stacks", at: key.at)
                var stack = bytes.cursor(try cursor.lengthDelimited())
                while !stack.isAtEnd {
                    let field = try stack.fieldKey()
                    guard field.field == 3 else { try stack.skip(wireType: field.wireType, at: field.at); continue }
                    try stack.expect(field.wireType, 2, field: "fontstack.glyphs", at: field.at)
                    let glyph = try Self.glyph(bytes, try stack.lengthDelimited())
                    glyphs[glyph.id] = glyphs[glyph.id] ?? glyph
                }
            }
            return GlyphRange(glyphs: glyphs)
        } catch let error as GlyphRangeError {
            throw error
        } catch let error as MVTError {
            throw .malformed(error.description)
        } catch {
            throw .malformed("\(error)")
        }
    }

    private static func glyph(_ bytes: TileBytes, _ range: Range<Int>) throws -> SDFGlyph {
        var cursor = bytes.cursor(range)
        var id: UInt64?, width: UInt64 = 0, height: UInt64 = 0, left: Int64 = 0, top: Int64 = 0, advance: UInt64 = 0
        var bitmap: Range<Int>?
        while !cursor.isAtEnd {
            let key = try cursor.fieldKey()
            switch key.field {
            case 1: try cursor.expect(key.wireType, 0, field: "glyph.id", at: key.at); id = try cursor.varint()
            case 2: try cursor.expect(key.wireType, 2, field: "glyph.bitmap", at: key.at); bitmap = try cursor.lengthDelimited()
            case 3: try cursor.expect(key.wireType, 0, field: "glyph.width", at: key.at); width = try cursor.varint()
            case 4: try cursor.expect(key.wireType, 0, field: "glyph.height", at: key.at); height = try cursor.varint()
            case 5: try cursor.expect(key.wireType, 0, field: "glyph.left", at: key.at); left = zigzagDecode(try cursor.varint())
            case 6: try cursor.expect(key.wireType, 0, field: "glyph.top", at: key.at); top = zigzagDecode(try cursor.varint())
            case 7: try cursor.expect(key.wireType, 0, field: "glyph.advance", at: key.at); advance = try cursor.varint()
            default: try cursor.skip(wireType: key.wireType, at: key.at)
            }
        }
        guard let id, id <= 0x10FFFF else { throw GlyphRangeError.malformed("a glyph at byte \(range.lowerBound) has no valid code point id") }
        // Every number is compared with its range before any arithmetic or conversion: a left of
        // Int64.min has no absolute value (abs traps), and a width of 2⁶⁴-1 no Int.
        let sizes = UInt64(0)...UInt64(maxGlyphSize), offsets = Int64(-maxGlyphSize)...Int64(maxGlyphSize)
        for (name, value) in [("width", width), ("height", height), ("advance", advance)] where !sizes.contains(value) {
            throw GlyphRangeError.malformed("glyph \(id): \(name) \(value) is out of range 0...\(maxGlyphSize)")
        }
        for (name, value) in [("left", left), ("top", top)] where !offsets.contains(value) {
            throw GlyphRangeError.malformed("glyph \(id): \(name) \(value) is out of range -\(maxGlyphSize)...\(maxGlyphSize)")
        }
        var pixels: [UInt8] = []
        if let bitmap, !bitmap.isEmpty {
            // At most (256 + 6)², so no overflow.
            let expected = (Int(width) + 2 * SDFGlyph.border) * (Int(height) + 2 * SDFGlyph.border)
            guard bitmap.count == expected else {
                throw GlyphRangeError.malformed("glyph \(id): \(bitmap.count) bitmap bytes for a \(width)x\(height) glyph (want \(expected))")
            }
            pixels = Array(UnsafeBufferPointer(start: bytes.base + bitmap.lowerBound, count: bitmap.count))
        }
        return SDFGlyph(id: UInt32(id), width: Int(width), height: Int(height), left: Int(left), top: Int(top),
                        advance: Int(advance), bitmap: pixels)
    }
}

public enum GlyphRangeError: Error, Equatable, CustomStringConvertible, Sendable {
    case malformed(String)
    public var description: String {
        switch self { case .malformed(let reason): "not a glyph PBF: \(reason)" }
    }
}
