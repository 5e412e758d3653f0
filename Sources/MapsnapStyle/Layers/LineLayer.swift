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
        color = p.paint("line-color", default: Color.black)
        width = p.paint("line-width", default: 1.0)
        opacity = p.paint("line-opacity", default: 1.0)
        gapWidth = p.paint("line-gap-width", default: 0.0)
        offset = p.paint("line-offset", default: 0.0)
        blur = p.paint("line-blur", default: 0.0)
        dasharray = p.optionalPaint("line-dasharray", fallback: [], interpolatable: false)
        translate = p.paint("line-translate", default: [0.0, 0.0], length: 2)
        translateAnchor = p.paint("line-translate-anchor", default: TranslateAnchor.map)
        pattern = p.optionalPaint("line-pattern", fallback: "")
        cap = p.layout("line-cap", default: LineCap.butt)
        join = p.layout("line-join", default: LineJoin.miter)
        miterLimit = p.layout("line-miter-limit", default: 2.0)
        roundLimit = p.layout("line-round-limit", default: 1.05)
        sortKey = p.optionalLayout("line-sort-key", fallback: 0.0)
        gradient = p.optionalPaint("line-gradient", fallback: Color.transparent)
        gradientIsStep = gradient?.expression.map { Self.isStep($0) } ?? false
    }
}
