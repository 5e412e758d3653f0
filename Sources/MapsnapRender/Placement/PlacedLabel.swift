import MapsnapGeo
import MapsnapStyle
/// A label that won its place: what to draw and where.
struct PlacedLabel {
    enum Shape {
        /// A (possibly multi-line) block of text with its layout's top-left corner at `origin`.
        case block(origin: Point)
        /// The same, turned clockwise by `angle` radians about `pivot` (the label's anchor point).
        case rotatedBlock(origin: Point, pivot: Point, angle: Double)
        /// Glyphs along a line, each centered on the line at `center`, turned by `angle` radians.
        case alongLine([GlyphPlacement])
    }
    struct GlyphPlacement {
        let glyph: ShapedText.Glyph
        let center: Point
        let angle: Double
    }

    /// nil for an icon without text.
    let text: ShapedText?
    let shape: Shape
    let paint: TextPaint
    var icon: PlacedIcon?
}

/// An icon from the sprite, its top-left corner at `origin`, scaled by `size`, turned clockwise by
/// `rotation` radians about its centre.
struct PlacedIcon {
    let icon: SpriteSheet.Icon
    let origin: Point
    let size: Double
    let opacity: Double
    var rotation: Double = 0
    /// Width and height scale on top of `size`, for an icon stretched around its text.
    var stretch: (x: Double, y: Double) = (1, 1)
    /// The colours of an SDF icon.
    var tint: SDFTint? = nil
}

/// How a label's text is painted.
struct TextPaint: Equatable {
    var color: Color
    var haloColor: Color
    var haloWidth: Double
    /// Points over which the halo's outer edge fades.
    var haloBlur: Double = 0
    var opacity: Double
}
