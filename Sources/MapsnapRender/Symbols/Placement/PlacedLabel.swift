import MapsnapFormats
import MapsnapGeo
/// A label that won its place (what placement hands the painters): what to draw and where.
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
        /// A glyph lying on a pitched map: drawn through this (about `center`) after its turn.
        var warp: PlaneWarp? = nil
    }

    /// nil for an icon without text.
    let text: ShapedText?
    let shape: Shape
    var paint: TextPaint
    /// Pitched, text lying on the map (`text-pitch-alignment: map`) is drawn through this.
    var warp: PlaneWarp?
    /// Pitched text lying on the map, as MapLibre's SDF shader draws it (`pitchWithMap`): the
    /// edge and halo measured at the glyphs' size on the plane (`sizeScale` times the shaped
    /// size), and the edge's smoothing widened by `w / (D · cos pitch)` (`u_gamma_scale` and the
    /// vertex depth), so text on a pitched map comes out softer than upright text.
    var planeEdge: (sizeScale: Double, gammaScale: Double)?
    var icon: PlacedIcon?
    /// Where its anchor lies on screen (y) and its feature's place in the data, for
    /// `symbol-z-order: viewport-y`.
    var anchorY = 0.0
    var featureIndex = 0
    /// Its tile's center on the plane: MapLibre draws a symbol layer tile by tile, from the
    /// bottom of the (turned) map up, so where symbols of two tiles overlap the upper tile's win.
    var tileCenter = Point(x: 0, y: 0)
}

/// An icon from the sprite, its top-left corner at `origin`, scaled by `size`, turned clockwise by
/// `rotation` radians about its centre.
struct PlacedIcon {
    let icon: SpriteSheet.Icon
    let origin: Point
    let size: Double
    var opacity: Double
    var rotation: Double = 0
    /// Width and height scale on top of `size`, for an icon stretched around its text.
    var stretch: (x: Double, y: Double) = (1, 1)
    /// A stretchable image fitted to its text: its parts, relative to `origin` (nil: uniform `stretch`).
    var cells: [NinePatch.Cell]? = nil
    /// The colours of an SDF icon.
    var tint: SDFTint? = nil
    /// Pitched, an icon lying on the map (`icon-pitch-alignment: map`) is drawn through this.
    var warp: PlaneWarp? = nil
    /// Sampled bilinearly (MapLibre's LINEAR) rather than pixel for pixel (NEAREST).
    var linear = false
    /// Turned a quarter with a vertical label (still sampled pixel for pixel).
    var columnTurn = false
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
