import MapsnapOverlays

/// Every bound a map request's values must keep, in one place (the README lists them). Checked
/// by `MapRequest.validate()`, whatever front end filled the request in.
public enum RequestLimits {
    /// Each side of the image, in points.
    public static let imageSide = 1...16384
    /// Device pixels of the whole image (size × pixel ratio squared): 16384 × 16384.
    public static let maxImagePixels = 16384 * 16384
    public static let pixelRatio = 1.0...4.0
    /// MapLibre zoom (512-px world at zoom 0).
    public static let zoom = 0.0...24.0
    /// Ground distances (meters across the image, radii, accuracies): half the Earth's circumference.
    public static let maxMeters = OverlayLimits.maxRadiusMeters
    /// Free margin around fitted overlays, in points.
    public static let padding = 0.0...4096.0
    /// Worker threads of a pyramid or a batch.
    public static let jobs = 1...256
    /// Custom marker images are drawn at this scale at most.
    public static let markerIconScale = 0.01...16.0
}
