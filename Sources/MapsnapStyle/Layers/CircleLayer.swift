/// A `circle` layer: a disc per point.
public struct CircleLayer: Sendable {
    /// Pixels.
    public var radius: StyleProperty<Double>
    public var color: StyleProperty<Color>
    public var opacity: StyleProperty<Double>
    public var blur: StyleProperty<Double>
    public var strokeWidth: StyleProperty<Double>
    public var strokeColor: StyleProperty<Color>
    public var strokeOpacity: StyleProperty<Double>
    public var translate: StyleProperty<[Double]>
    public var translateAnchor: StyleProperty<TranslateAnchor>
    public var sortKey: StyleProperty<Double>?
    /// Pitched cameras: whether radii shrink with distance like the ground (`map`) or stay (`viewport`).
    public var pitchScale: StyleProperty<TranslateAnchor>
    /// Pitched cameras: discs lie on the map (`map`, ellipses) or face the viewer (`viewport`).
    public var pitchAlignment: StyleProperty<TranslateAnchor>

    init(_ p: LayerPropertyReader) {
        radius = p.value("circle-radius")
        color = p.value("circle-color")
        opacity = p.value("circle-opacity")
        blur = p.value("circle-blur")
        strokeWidth = p.value("circle-stroke-width")
        strokeColor = p.value("circle-stroke-color")
        strokeOpacity = p.value("circle-stroke-opacity")
        translate = p.value("circle-translate")
        translateAnchor = p.value("circle-translate-anchor")
        sortKey = p.optional("circle-sort-key", fallback: 0.0)
        pitchScale = p.value("circle-pitch-scale")
        pitchAlignment = p.value("circle-pitch-alignment")
    }
}
