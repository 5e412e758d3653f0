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
        color = p.value("fill-color")
        opacity = p.value("fill-opacity")
        outlineColor = p.optional("fill-outline-color", fallback: Color.transparent)
        antialias = p.value("fill-antialias")
        translate = p.value("fill-translate")
        translateAnchor = p.value("fill-translate-anchor")
        pattern = p.optional("fill-pattern", fallback: "")
        sortKey = p.optional("fill-sort-key", fallback: 0.0)
    }
}
