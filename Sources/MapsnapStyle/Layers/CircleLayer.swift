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
        radius = p.paint("circle-radius", default: 5.0)
        color = p.paint("circle-color", default: Color.black)
        opacity = p.paint("circle-opacity", default: 1.0)
        blur = p.paint("circle-blur", default: 0.0)
        strokeWidth = p.paint("circle-stroke-width", default: 0.0)
        strokeColor = p.paint("circle-stroke-color", default: Color.black)
        strokeOpacity = p.paint("circle-stroke-opacity", default: 1.0)
        translate = p.paint("circle-translate", default: [0.0, 0.0], length: 2)
        translateAnchor = p.paint("circle-translate-anchor", default: TranslateAnchor.map)
        sortKey = p.optionalLayout("circle-sort-key", fallback: 0.0)
        pitchScale = p.paint("circle-pitch-scale", default: TranslateAnchor.map)
        pitchAlignment = p.paint("circle-pitch-alignment", default: TranslateAnchor.viewport)
    }
}
