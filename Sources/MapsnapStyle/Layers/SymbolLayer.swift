/// A `symbol` layer: labels and icons.
public struct SymbolLayer: Sendable {
    // MARK: placement
    public var placement: StyleProperty<SymbolPlacement>
    /// Pixels between labels along a line.
    public var spacing: StyleProperty<Double>
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
    /// Ems. Set (even to 0), variable anchors take it instead of `text-offset`, as in MapLibre.
    public var textRadialOffset: StyleProperty<Double>?
    public var textVariableAnchor: StyleProperty<[TextAnchor]>?
    /// `text-writing-mode`: nil or empty is horizontal only.
    public var textWritingMode: StyleProperty<[WritingMode]>?
    /// Overrides `text-variable-anchor`, `text-offset` and `text-radial-offset` when set.
    public var textVariableAnchorOffset: StyleProperty<VariableAnchorOffsets>?
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
    public var textRotationAlignment: StyleProperty<TextRotationAlignment>
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
        placement = p.value("symbol-placement")
        spacing = p.value("symbol-spacing")
        sortKey = p.optional("symbol-sort-key", fallback: 0.0)
        symbolZOrder = p.value("symbol-z-order")

        textField = p.optional("text-field", fallback: "")
        textFont = p.value("text-font")
        textSize = p.value("text-size")
        textColor = p.value("text-color")
        textHaloColor = p.value("text-halo-color")
        textHaloWidth = p.value("text-halo-width")
        textHaloBlur = p.value("text-halo-blur")
        textOpacity = p.value("text-opacity")
        textTransform = p.value("text-transform")
        textAnchor = p.value("text-anchor")
        textOffset = p.value("text-offset")
        textRadialOffset = p.optional("text-radial-offset", fallback: 0.0)
        textVariableAnchor = p.optional("text-variable-anchor", fallback: [TextAnchor]())
        textWritingMode = p.optional("text-writing-mode", fallback: [WritingMode]())
        textVariableAnchorOffset = p.optional("text-variable-anchor-offset", fallback: VariableAnchorOffsets([]))
        textJustify = p.value("text-justify")
        textMaxWidth = p.value("text-max-width")
        textLetterSpacing = p.value("text-letter-spacing")
        textLineHeight = p.value("text-line-height")
        textPadding = p.value("text-padding")
        textOptional = p.value("text-optional")
        textAllowOverlap = p.value("text-allow-overlap")
        textOverlap = p.optional("text-overlap", fallback: OverlapMode.never)
        textIgnorePlacement = p.value("text-ignore-placement")
        textRotationAlignment = p.value("text-rotation-alignment")
        textPitchAlignment = p.value("text-pitch-alignment")
        textMaxAngle = p.value("text-max-angle")
        textRotate = p.value("text-rotate")
        textTranslate = p.value("text-translate")
        textTranslateAnchor = p.value("text-translate-anchor")
        textKeepUpright = p.value("text-keep-upright")

        iconImage = p.optional("icon-image", fallback: "")
        iconSize = p.value("icon-size")
        iconOpacity = p.value("icon-opacity")
        iconRotate = p.value("icon-rotate")
        iconPadding = p.value("icon-padding")
        iconOptional = p.value("icon-optional")
        iconAllowOverlap = p.value("icon-allow-overlap")
        iconOverlap = p.optional("icon-overlap", fallback: OverlapMode.never)
        iconIgnorePlacement = p.value("icon-ignore-placement")
        iconAnchor = p.value("icon-anchor")
        iconOffset = p.value("icon-offset")
        iconColor = p.value("icon-color")
        iconHaloColor = p.value("icon-halo-color")
        iconHaloWidth = p.value("icon-halo-width")
        iconHaloBlur = p.value("icon-halo-blur")
        iconTextFit = p.optional("icon-text-fit", fallback: IconTextFit.none)
        iconTextFitPadding = p.value("icon-text-fit-padding")
        iconRotationAlignment = p.value("icon-rotation-alignment")
        iconPitchAlignment = p.value("icon-pitch-alignment")
        iconKeepUpright = p.value("icon-keep-upright")
        iconTranslate = p.value("icon-translate")
        iconTranslateAnchor = p.value("icon-translate-anchor")
    }
}
