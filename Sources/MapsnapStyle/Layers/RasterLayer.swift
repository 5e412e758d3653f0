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
        opacity = p.paint("raster-opacity", default: 1.0)
        hueRotate = p.paint("raster-hue-rotate", default: 0.0)
        brightnessMin = p.paint("raster-brightness-min", default: 0.0)
        brightnessMax = p.paint("raster-brightness-max", default: 1.0)
        saturation = p.paint("raster-saturation", default: 0.0)
        contrast = p.paint("raster-contrast", default: 0.0)
        resampling = p.paint("raster-resampling", default: RasterResampling.linear)
        // A still image has no fade-in: read so that it is not reported as unsupported.
        _ = p.paint("raster-fade-duration", default: 300.0)
    }
}

public enum RasterResampling: String, StyleEnum { case linear, nearest }
