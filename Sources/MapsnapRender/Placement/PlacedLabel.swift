/// A label that won its place: what to draw and where.
struct PlacedLabel {
    enum Shape {
        /// A (possibly multi-line) block of text with its layout's top-left corner at `origin`.
        case block(origin: Point)
        /// Glyphs along a line, each centered on the line at `center`, turned by `angle` radians.
        case alongLine([GlyphPlacement])
    }
    struct GlyphPlacement {
        let glyph: ShapedText.Glyph
        let center: Point
        let angle: Double
    }

    let text: ShapedText
    let shape: Shape
    let paint: TextPaint
}

/// How a label's text is painted.
struct TextPaint {
    var color: Color
    var haloColor: Color
    var haloWidth: Double
    var opacity: Double
}
