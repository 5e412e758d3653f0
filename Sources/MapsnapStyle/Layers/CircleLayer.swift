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
        // Meaningless without pitch; read so they are not reported as unsupported.
        _ = p.paint("circle-pitch-scale", default: "map")
        _ = p.paint("circle-pitch-alignment", default: "viewport")
    }
}
