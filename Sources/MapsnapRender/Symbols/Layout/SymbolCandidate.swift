import MapsnapGeo
import MapsnapStyle

/// One feature's symbol as layout leaves it, before placement (MapLibre's symbol instance): its
/// text shaped, its icon, its anchors and every layout property placement needs, evaluated for
/// the feature. Placement decides where, if anywhere, it goes.
struct SymbolCandidate {
    let text: ShapedText?
    /// The text shaped at a multiple of its size (a pitched camera scales labels by distance),
    /// justified as given (nil: as the layer says).
    let shapedAt: (Double, TextAlignment?) -> ShapedText?
    /// `text-justify: auto` with variable anchors: the lines are justified toward the anchor
    /// the label takes, as MapLibre shapes once per justification.
    let justifiesToAnchor: Bool
    var icon: Icon?
    let string: String
    let sortKey: Double
    let paint: TextPaint
    let anchors: Anchors
    let padding: Double
    let overlap: OverlapMode
    let ignorePlacement: Bool
    /// Where the text may sit around its anchor point, tried in order (`text-variable-anchor`;
    /// otherwise just `text-anchor` with its offset in points).
    let textPlacements: [TextPlacement]
    let translate: Point       // text-translate in points
    /// Point labels: radians clockwise (`text-rotate`, and the map's rotation for
    /// `text-rotation-alignment: map`).
    var rotation: Double
    /// `text-rotate` alone, radians clockwise: what turns the box before the map does (MapLibre's
    /// `CollisionFeature`); the rest of `rotation` is the map's turn.
    let ownRotation: Double
    /// `text-rotation-alignment: map` at a point: pitched, the text turns as the map's x axis
    /// appears at its anchor, not just by the bearing.
    let textTurnsWithMap: Bool
    let maxAngle: Double       // radians
    /// Along lines: turn labels (`text-keep-upright`) and icons (`icon-keep-upright`) that
    /// would read upside down.
    let keepTextUpright: Bool
    let keepIconUpright: Bool
    let spacing: Double
    let placement: SymbolPlacement
    /// Its tile's center on the plane (see `PlacedLabel.tileCenter`).
    let tileCenter: Point
    /// On a pitched map the text lies on the map (`text-pitch-alignment: map`, or `auto` with the
    /// rotation alignment `map`): point labels laid out flat and warped by the projection, `line`
    /// labels laid out along the line on the plane, then projected.
    let textOnMap: Bool
    /// Text along a line turns each glyph with the line; `viewport-glyph` keeps them upright
    /// (MapLibre's `rotateToLine`).
    let glyphsFollowLine: Bool
    /// Where `text-anchor` puts a line label's block on its anchor (MapLibre's
    /// `getAnchorAlignment`: x 0 left … 1 right, y 0 top … 1 bottom).
    let lineTextAlign: Point
    /// Point labels: `text-writing-mode`, tried in order (empty: horizontal only), and the text
    /// shaped as a vertical column at a multiple of its size (nil when it cannot run vertically).
    let writingModes: [WritingMode]
    let verticalText: ((Double) -> ShapedText?)?
    /// Along lines: `text-offset` in points, x along the line as it reads, y across it (down).
    let lineOffset: Point
    /// An icon fitted to a text that came out empty: as in MapLibre it takes its place (at
    /// its own size) but is not drawn, having nothing to fit around.
    let iconHidden: Bool

    /// The feature's icon from the sprite, with its layout properties.
    struct Icon {
        let icon: SpriteSheet.Icon
        let size: Double
        let offset: Point
        let padding: Padding
        let opacity: Double
        let overlap: OverlapMode
        let ignorePlacement: Bool
        let optional: Bool
        let textOptional: Bool
        /// icon-rotate, radians clockwise, with the map's bearing for `icon-rotation-alignment: map`.
        var rotation: Double
        /// `icon-rotation-alignment: map` at a point (see `SymbolCandidate.textTurnsWithMap`).
        let turnsWithMap: Bool
        /// On a line, turned with it (`icon-rotation-alignment` map or auto); viewport keeps it upright.
        let followsLine: Bool
        /// icon-rotate alone, radians clockwise (what turns its collision box).
        var ownRotation: Double
        /// icon-anchor: which part of the icon sits on the point.
        let anchor: TextAnchor
        /// icon-translate in points.
        let translate: Point
        /// icon-text-fit and its padding (top, right, bottom, left, points).
        let textFit: IconTextFit
        let textFitPadding: [Double]
        /// `icon-pitch-alignment` (`auto`: as the rotation alignment): the icon lies on a pitched map.
        let onMap: Bool
        /// Sampled bilinearly rather than pixel for pixel (see `SymbolLayout.samplesLinearly`).
        let linear: Bool
        let tint: SDFTint?
    }

    /// Where the symbol may go, on screen (see `SymbolLayout.anchors`).
    enum Anchors {
        /// The first point where the label fits.
        case points([Point])
        /// Every point where it fits (upright labels repeated along a line).
        case spaced([Point])
        /// `line` and `line-center` text at MapLibre's anchors.
        case textOnLine([LineTextAnchor])
        /// Icons without text along lines, at MapLibre's anchors (screen point, line angle).
        case iconsOnLine([(point: Point, angle: Double)])
    }
}

/// Where a `line` or `line-center` label's middle goes: its tile's line on the plane (the unpitched view) and on
/// screen, and how far along each the anchor lies.
struct LineTextAnchor {
    let plane: Polyline
    let planeAt: Double
    let screen: Polyline
    let screenAt: Double
}
