/// The enumerations of the layer properties, with the spec's spellings as raw values.

public enum LineCap: String, StyleEnum { case butt, round, square }

public enum LineJoin: String, StyleEnum { case bevel, round, miter }

/// `*-translate-anchor`: whether a translation follows the map's rotation or the screen.
public enum TranslateAnchor: String, StyleEnum { case map, viewport }

public enum SymbolPlacement: String, StyleEnum {
    case point, line
    case lineCenter = "line-center"
}

public enum SymbolZOrder: String, StyleEnum {
    case auto
    case viewportY = "viewport-y"
    case source
}

/// `text-rotation-alignment`, `text-pitch-alignment` and the icon equivalents.
public enum Alignment: String, StyleEnum {
    case map, viewport, auto
}

/// `text-anchor`, `icon-anchor` and the items of `text-variable-anchor`.
public enum TextAnchor: String, StyleEnum {
    case center, left, right, top, bottom
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"
}

public enum TextJustify: String, StyleEnum { case auto, left, center, right }

public enum TextTransform: String, StyleEnum { case none, uppercase, lowercase }

public enum IconTextFit: String, StyleEnum { case none, width, height, both }
