/// A `background` layer: fills the whole map.
public struct BackgroundLayer: Sendable {
    public var color: StyleProperty<Color>
    public var opacity: StyleProperty<Double>
    /// An image name from the sprite, tiled (nil: none).
    public var pattern: StyleProperty<String>?

    init(_ p: LayerPropertyReader) {
        color = p.value("background-color")
        opacity = p.value("background-opacity")
        pattern = p.optional("background-pattern", fallback: "")
    }
}
