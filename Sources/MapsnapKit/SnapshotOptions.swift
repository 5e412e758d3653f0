/// What to snapshot, as `MKMapSnapshotter.Options` would say it.
public struct SnapshotOptions: Sendable {
    /// How much ground the image shows.
    public enum Framing: Hashable, Sendable {
        /// The image's shorter side spans this many meters at the center.
        case meters(Double)
        /// A MapLibre zoom (512-px world at zoom 0).
        case zoom(Double)
    }

    /// nil: the style's center, else the data's.
    public var center: LatLon?
    public var framing: Framing = .meters(800)
    public var size = ImageSize(width: 1024, height: 768)
    /// Pixel ratio, 1...4: the same map with `scale`× the pixels.
    public var scale: Double = 1
    public var bearing: Double = 0
    public var style: StyleReference = .defaultStyle
    /// MBTiles archives to use for the style's vector source(s) instead of its own URL.
    public var tiles: [String] = []
    /// Draw the data credit bottom-right.
    public var attribution = true
    public var compression: PNGCompression = .balanced

    public init() {}

    public static let maxSide = 16384
    public static let zoomRange = 0.0...24.0
    public static let scaleRange = 1.0...4.0

    /// Checks every value; the first problem names its option.
    public func validate() throws(SnapshotError) {
        switch framing {
        case .meters(let m):
            guard m.isFinite, m > 0 else { throw .invalidOption(option: "meters", message: "must be a number greater than 0, got \(FeatureValue.format(m))") }
        case .zoom(let z):
            guard z.isFinite, Self.zoomRange.contains(z) else { throw .invalidOption(option: "zoom", message: "must be between 0 and 24, got \(FeatureValue.format(z))") }
        }
        guard (1...Self.maxSide).contains(size.width), (1...Self.maxSide).contains(size.height) else {
            throw .invalidOption(option: "size", message: "each side must be 1 to \(Self.maxSide) pixels, got \(size)")
        }
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw .invalidOption(option: "scale", message: "must be between 1 and 4, got \(FeatureValue.format(scale))")
        }
        guard bearing.isFinite else { throw .invalidOption(option: "bearing", message: "must be a number of degrees") }
        let pixels = Double(size.width) * scale * Double(size.height) * scale
        guard pixels <= Double(Self.maxSide * Self.maxSide) else {
            throw .invalidOption(option: "scale", message: "\(size) at scale \(FeatureValue.format(scale)) is over \(Self.maxSide)x\(Self.maxSide) pixels")
        }
    }
}
