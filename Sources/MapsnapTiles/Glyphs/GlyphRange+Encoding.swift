extension GlyphRange {
    /// The range as a glyph PBF of one font stack (`name`, `range` like `0-255`), glyphs in
    /// code point order: what `decode` reads and MapLibre's glyph servers serve.
    public func encoded(fontStack name: String, range: String) -> [UInt8] {
        var stack = ProtobufBuffer()
        stack.bytesField(1, Array(name.utf8))
        stack.bytesField(2, Array(range.utf8))
        for id in glyphs.keys.sorted() {
            let g = glyphs[id]!
            var glyph = ProtobufBuffer()
            glyph.varintField(1, UInt64(g.id))
            if !g.bitmap.isEmpty { glyph.bytesField(2, g.bitmap) }
            glyph.varintField(3, UInt64(g.width))
            glyph.varintField(4, UInt64(g.height))
            glyph.varintField(5, UInt64(zigzagEncode(Int32(g.left))))
            glyph.varintField(6, UInt64(zigzagEncode(Int32(g.top))))
            glyph.varintField(7, UInt64(g.advance))
            stack.bytesField(3, glyph.bytes)
        }
        var file = ProtobufBuffer()
        file.bytesField(1, stack.bytes)
        return file.bytes
    }
}
