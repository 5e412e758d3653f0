/// A `symbol` layer: labels and icons.
public struct SymbolLayer: Sendable {
    // MARK: placement
    public var placement: StyleProperty<SymbolPlacement>
    /// Pixels between labels along a line.
    public var spacing: StyleProperty<Double>
    public var avoidEdges: StyleProperty<Bool>
    public var sortKey: StyleProperty<Double>?
    public var symbolZOrder: StyleProperty<SymbolZOrder>

    // MARK: text
    /// The label text (`format` collapses to plain text; `{token}` strings read properties).
    public var textField: StyleProperty<String>?
    public var textFont: StyleProperty<[String]>
    /// Pixels.
    public var textSize: StyleProperty<Double>
    public var textColor: StyleProperty<Color>
    public var textHaloColor: StyleProperty<Color>
    public var textHaloWidth: StyleProperty<Double>
    public var textHaloBlur: StyleProperty<Double>
    public var textOpacity: StyleProperty<Double>
    public var textTransform: StyleProperty<TextTransform>
    public var textAnchor: StyleProperty<TextAnchor>
    /// Ems, `[x, y]`.
    public var textOffset: StyleProperty<[Double]>
    /// Ems.
    public var textRadialOffset: StyleProperty<Double>
    public var textVariableAnchor: StyleProperty<[TextAnchor]>?
    public var textJustify: StyleProperty<TextJustify>
    /// Ems.
    public var textMaxWidth: StyleProperty<Double>
    /// Ems.
    public var textLetterSpacing: StyleProperty<Double>
    /// Ems.
    public var textLineHeight: StyleProperty<Double>
    /// Pixels.
    public var textPadding: StyleProperty<Double>
    public var textOptional: StyleProperty<Bool>
    public var textAllowOverlap: StyleProperty<Bool>
    /// Overrides `text-allow-overlap` when set.
    public var textOverlap: StyleProperty<OverlapMode>?
    public var textIgnorePlacement: StyleProperty<Bool>
    public var textRotationAlignment: StyleProperty<Alignment>
    public var textPitchAlignment: StyleProperty<Alignment>
    /// Degrees.
    public var textMaxAngle: StyleProperty<Double>
    /// Degrees clockwise.
    public var textRotate: StyleProperty<Double>
    /// Pixels, `[x, y]`.
    public var textTranslate: StyleProperty<[Double]>
    public var textTranslateAnchor: StyleProperty<TranslateAnchor>
    public var textKeepUpright: StyleProperty<Bool>

    // MARK: icon
    /// A sprite image name (`{token}` strings read properties).
    public var iconImage: StyleProperty<String>?
    public var iconSize: StyleProperty<Double>
    public var iconOpacity: StyleProperty<Double>
    /// Degrees clockwise.
    public var iconRotate: StyleProperty<Double>
    /// Pixels.
    public var iconPadding: StyleProperty<Padding>
    public var iconOptional: StyleProperty<Bool>
    public var iconAllowOverlap: StyleProperty<Bool>
    /// Overrides `icon-allow-overlap` when set.
    public var iconOverlap: StyleProperty<OverlapMode>?
    public var iconIgnorePlacement: StyleProperty<Bool>
    public var iconAnchor: StyleProperty<TextAnchor>
    /// Pixels (scaled by `iconSize`), `[x, y]`.
    public var iconOffset: StyleProperty<[Double]>
    /// Only for SDF icons.
    public var iconColor: StyleProperty<Color>
    public var iconHaloColor: StyleProperty<Color>
    public var iconHaloWidth: StyleProperty<Double>
    public var iconHaloBlur: StyleProperty<Double>
    public var iconTextFit: StyleProperty<IconTextFit>?
    /// Pixels, `[top, right, bottom, left]`.
    public var iconTextFitPadding: StyleProperty<[Double]>
    public var iconRotationAlignment: StyleProperty<Alignment>
    public var iconPitchAlignment: StyleProperty<Alignment>
    public var iconKeepUpright: StyleProperty<Bool>
    public var iconTranslate: StyleProperty<[Double]>
    public var iconTranslateAnchor: StyleProperty<TranslateAnchor>

    /// The font stack MapLibre uses when `text-font` is absent.
    public static let defaultFont = ["Open Sans Regular", "Arial Unicode MS Regular"]

    init(_ p: LayerPropertyReader) {
        placement = p.layout("symbol-placement", default: SymbolPlacement.point)
        spacing = p.layout("symbol-spacing", default: 250.0)
        avoidEdges = p.layout("symbol-avoid-edges", default: false)
        if avoidEdges.constantValue != false {
            p.warnNotDrawn("symbol-avoid-edges", group: "layout", why: "symbols are placed across tile edges")
        }
        sortKey = p.optionalLayout("symbol-sort-key", fallback: 0.0)
        symbolZOrder = p.layout("symbol-z-order", default: SymbolZOrder.auto)

        textField = p.optionalLayout("text-field", fallback: "", tokens: true)
        textFont = p.layout("text-font", default: SymbolLayer.defaultFont)
        textSize = p.layout("text-size", default: 16.0)
        textColor = p.paint("text-color", default: Color.black)
        textHaloColor = p.paint("text-halo-color", default: Color.transparent)
        textHaloWidth = p.paint("text-halo-width", default: 0.0)
        textHaloBlur = p.paint("text-halo-blur", default: 0.0)
        textOpacity = p.paint("text-opacity", default: 1.0)
        textTransform = p.layout("text-transform", default: TextTransform.none)
        textAnchor = p.layout("text-anchor", default: TextAnchor.center)
        textOffset = p.layout("text-offset", default: [0.0, 0.0], length: 2)
        textRadialOffset = p.layout("text-radial-offset", default: 0.0)
        textVariableAnchor = p.optionalLayout("text-variable-anchor", fallback: [TextAnchor]())
        textJustify = p.layout("text-justify", default: TextJustify.center)
        textMaxWidth = p.layout("text-max-width", default: 10.0)
        textLetterSpacing = p.layout("text-letter-spacing", default: 0.0)
        textLineHeight = p.layout("text-line-height", default: 1.2)
        textPadding = p.layout("text-padding", default: 2.0)
        textOptional = p.layout("text-optional", default: false)
        textAllowOverlap = p.layout("text-allow-overlap", default: false)
        textOverlap = p.optionalLayout("text-overlap", fallback: OverlapMode.never)
        textIgnorePlacement = p.layout("text-ignore-placement", default: false)
        textRotationAlignment = p.layout("text-rotation-alignment", default: Alignment.auto)
        textPitchAlignment = p.layout("text-pitch-alignment", default: Alignment.auto)
        textMaxAngle = p.layout("text-max-angle", default: 45.0)
        textRotate = p.layout("text-rotate", default: 0.0)
        textTranslate = p.paint("text-translate", default: [0.0, 0.0], length: 2)
        textTranslateAnchor = p.paint("text-translate-anchor", default: TranslateAnchor.map)
        textKeepUpright = p.layout("text-keep-upright", default: true)

        iconImage = p.optionalLayout("icon-image", fallback: "", tokens: true)
        iconSize = p.layout("icon-size", default: 1.0)
        iconOpacity = p.paint("icon-opacity", default: 1.0)
        iconRotate = p.layout("icon-rotate", default: 0.0)
        iconPadding = p.layout("icon-padding", default: Padding(2))
        iconOptional = p.layout("icon-optional", default: false)
        iconAllowOverlap = p.layout("icon-allow-overlap", default: false)
        iconOverlap = p.optionalLayout("icon-overlap", fallback: OverlapMode.never)
        iconIgnorePlacement = p.layout("icon-ignore-placement", default: false)
        iconAnchor = p.layout("icon-anchor", default: TextAnchor.center)
        iconOffset = p.layout("icon-offset", default: [0.0, 0.0], length: 2)
        iconColor = p.paint("icon-color", default: Color.black)
        iconHaloColor = p.paint("icon-halo-color", default: Color.transparent)
        iconHaloWidth = p.paint("icon-halo-width", default: 0.0)
        iconHaloBlur = p.paint("icon-halo-blur", default: 0.0)
        iconTextFit = p.optionalLayout("icon-text-fit", fallback: IconTextFit.none)
        iconTextFitPadding = p.layout("icon-text-fit-padding", default: [0.0, 0.0, 0.0, 0.0], length: 4)
        iconRotationAlignment = p.layout("icon-rotation-alignment", default: Alignment.auto)
        iconPitchAlignment = p.layout("icon-pitch-alignment", default: Alignment.auto)
        iconKeepUpright = p.layout("icon-keep-upright", default: false)
        iconTranslate = p.paint("icon-translate", default: [0.0, 0.0], length: 2)
        iconTranslateAnchor = p.paint("icon-translate-anchor", default: TranslateAnchor.map)
    }
}
