/// A `raster` layer: the images of a raster source, with MapLibre's colour adjustments.
public struct RasterLayer: Sendable {
    public var opacity: StyleProperty<Double>
    /// Degrees around the colour wheel.
    public var hueRotate: StyleProperty<Double>
    /// What black and white become (0...1).
    public var brightnessMin: StyleProperty<Double>
    public var brightnessMax: StyleProperty<Double>
    /// −1 (grey) … 1.
    public var saturation: StyleProperty<Double>
    /// −1 … 1.
    public var contrast: StyleProperty<Double>
    public var resampling: StyleProperty<RasterResampling>

    init(_ p: LayerPropertyReader) {
        opacity = p.value("raster-opacity")
        hueRotate = p.value("raster-hue-rotate")
        brightnessMin = p.value("raster-brightness-min")
        brightnessMax = p.value("raster-brightness-max")
        saturation = p.value("raster-saturation")
        contrast = p.value("raster-contrast")
        resampling = p.value("raster-resampling")
    }
}

public enum RasterResampling: String, StyleEnum { case linear, nearest }
