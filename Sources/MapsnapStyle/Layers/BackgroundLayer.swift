/// A `background` layer: fills the whole map.
public struct BackgroundLayer: Sendable {
    public var color: StyleProperty<Color>
    public var opacity: StyleProperty<Double>
    /// An image name from the sprite, tiled (nil: none).
    public var pattern: StyleProperty<String>?

    init(_ p: LayerPropertyReader) {
        color = p.paint("background-color", default: Color.black)
        opacity = p.paint("background-opacity", default: 1.0)
        pattern = p.optionalPaint("background-pattern", fallback: "")
    }
}
