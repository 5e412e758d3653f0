/// The enumerations of the layer properties, with the spec's spellings as raw values.

public enum LineCap: String, StyleEnum { case butt, round, square }

public enum LineJoin: String, StyleEnum { case bevel, round, miter }

/// `*-translate-anchor`: whether a translation follows the map's rotation or the screen; also the
/// map-or-viewport choice of `circle-pitch-scale` and `circle-pitch-alignment`.
public enum TranslateAnchor: String, StyleEnum { case map, viewport }

public enum SymbolPlacement: String, StyleEnum {
    case point, line
    case lineCenter = "line-center"
}

/// `icon-overlap`, `text-overlap`: whether a symbol may cover others. `cooperative` may cover
/// symbols placed with `always` or `cooperative`, never those placed with `never`.
public enum OverlapMode: String, StyleEnum { case never, always, cooperative }

public enum SymbolZOrder: String, StyleEnum {
    case auto
    case viewportY = "viewport-y"
    case source
}

/// `text-pitch-alignment` and the icon alignments.
public enum Alignment: String, StyleEnum {
    case map, viewport, auto
}

/// `text-rotation-alignment`: `viewport-glyph` keeps each glyph of a label along a line upright
/// on the screen, which is how labels along lines are drawn here whatever the alignment; a point
/// label with it stays unrotated, as with `viewport`.
public enum TextRotationAlignment: String, StyleEnum {
    case map, viewport, auto
    case viewportGlyph = "viewport-glyph"
}

/// The items of `text-writing-mode`: which ways a point label may run, tried in order.
public enum WritingMode: String, StyleEnum { case horizontal, vertical }

/// `text-anchor`, `icon-anchor` and the items of `text-variable-anchor`.
public enum TextAnchor: String, StyleEnum {
    case center, left, right, top, bottom
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    /// The anchor as a fraction of a box's width and height from its top-left corner.
    public var unitPoint: (x: Double, y: Double) {
        switch self {
        case .center: (0.5, 0.5)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        }
    }
}

public enum TextJustify: String, StyleEnum { case auto, left, center, right }

public enum TextTransform: String, StyleEnum { case none, uppercase, lowercase }

public enum IconTextFit: String, StyleEnum { case none, width, height, both }
