/// A `fill` layer: polygons.
public struct FillLayer: Sendable {
    public var color: StyleProperty<Color>
    public var opacity: StyleProperty<Double>
    /// nil: the outline (drawn only when `antialias` is on) uses `color`.
    public var outlineColor: StyleProperty<Color>?
    public var antialias: StyleProperty<Bool>
    /// Offset in pixels, `[x, y]` (right, down).
    public var translate: StyleProperty<[Double]>
    public var translateAnchor: StyleProperty<TranslateAnchor>
    /// An image name from the sprite (nil: none).
    public var pattern: StyleProperty<String>?
    public var sortKey: StyleProperty<Double>?

    init(_ p: LayerPropertyReader) {
        color = p.paint("fill-color", default: Color.black)
        opacity = p.paint("fill-opacity", default: 1.0)
        outlineColor = p.optionalPaint("fill-outline-color", fallback: Color.transparent)
        antialias = p.paint("fill-antialias", default: true)
        translate = p.paint("fill-translate", default: [0.0, 0.0], length: 2)
        translateAnchor = p.paint("fill-translate-anchor", default: TranslateAnchor.map)
        pattern = p.optionalPaint("fill-pattern", fallback: "")
        sortKey = p.optionalLayout("fill-sort-key", fallback: 0.0)
    }
}
