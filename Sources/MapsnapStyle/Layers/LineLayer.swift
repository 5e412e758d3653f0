/// A `line` layer: line strings (and polygon outlines).
public struct LineLayer: Sendable {
    public var color: StyleProperty<Color>
    /// Pixels.
    public var width: StyleProperty<Double>
    public var opacity: StyleProperty<Double>
    /// > 0 draws two lines this many pixels apart (casings).
    public var gapWidth: StyleProperty<Double>
    /// Pixels, to the right of the line direction.
    public var offset: StyleProperty<Double>
    public var blur: StyleProperty<Double>
    /// Dash and gap lengths in line widths (nil: solid).
    public var dasharray: StyleProperty<[Double]>?
    public var translate: StyleProperty<[Double]>
    public var translateAnchor: StyleProperty<TranslateAnchor>
    /// An image name from the sprite (nil: none).
    public var pattern: StyleProperty<String>?
    public var cap: StyleProperty<LineCap>
    public var join: StyleProperty<LineJoin>
    public var miterLimit: StyleProperty<Double>
    public var roundLimit: StyleProperty<Double>
    public var sortKey: StyleProperty<Double>?
    /// A colour along the line by `["line-progress"]` (GeoJSON sources with `lineMetrics`); it
    /// replaces `line-color`.
    public var gradient: StyleProperty<Color>?
    /// Whether the gradient is a `step` (MapLibre samples it without interpolating, finer).
    public var gradientIsStep: Bool

    private static func isStep(_ e: any Expression) -> Bool {
        if e is Step { return true }
        // Through type annotations (a coercion to colour around the step).
        return (e is Coercion || e is TypeAssertion) && e.children.count == 1 && isStep(e.children[0])
    }

    init(_ p: LayerPropertyReader) {
        color = p.value("line-color")
        width = p.value("line-width")
        opacity = p.value("line-opacity")
        gapWidth = p.value("line-gap-width")
        offset = p.value("line-offset")
        blur = p.value("line-blur")
        dasharray = p.optional("line-dasharray", fallback: [])
        translate = p.value("line-translate")
        translateAnchor = p.value("line-translate-anchor")
        pattern = p.optional("line-pattern", fallback: "")
        cap = p.value("line-cap")
        join = p.value("line-join")
        miterLimit = p.value("line-miter-limit")
        roundLimit = p.value("line-round-limit")
        sortKey = p.optional("line-sort-key", fallback: 0.0)
        gradient = p.optional("line-gradient", fallback: Color.transparent)
        gradientIsStep = gradient?.expression.map { Self.isStep($0) } ?? false
    }
}
