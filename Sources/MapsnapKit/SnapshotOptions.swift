import MapsnapFormats

/// What to snapshot, as `MKMapSnapshotter.Options` would say it.
public struct SnapshotOptions: Sendable {
    /// How much ground the image shows.
    public enum Framing: Hashable, Sendable {
        /// The image's shorter side spans this many meters at the center.
        case meters(Double)
        /// A MapLibre zoom (512-px world at zoom 0).
        case zoom(Double)
        /// Center and zoom chosen so every overlay shows inside `padding` points; one lone point
        /// is shown with `fallbackMeters` around it.
        case fit(padding: Double, fallbackMeters: Double)
    }

    /// The datum of overlay coordinates (and of `center`).
    public enum CoordinateSystem: String, Hashable, Sendable, CaseIterable {
        case wgs84
        /// The datum of maps in mainland China: converted to WGS-84 to match OpenStreetMap.
        case gcj02
    }

    /// When the north arrow shows.
    public enum CompassMode: String, Hashable, Sendable, CaseIterable {
        /// Only when the map is rotated.
        case auto
        case always
        case never
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
    /// Style source name → local MBTiles (for styles whose sources are remote URLs).
    public var sources: [String: String] = [:]
    /// A local sprite instead of the style's (path without extension).
    public var sprite: String?
    /// Draw the data credit bottom-right.
    public var attribution = true
    public var compression: PNGCompression = .balanced
    /// Drawn over the map (markers, the user's location, circles, tracks, polygons).
    public var overlays: [Overlay] = []
    public var coordinateSystem: CoordinateSystem = .wgs84
    public var scaleBar: ScaleBarUnits?
    public var compass: CompassMode = .auto
    /// Hide the base map's points of interest (cleaner report images).
    public var hidePOILabels = false

    public init() {}

    public static let maxSide = 16384
    public static let zoomRange = 0.0...24.0
    public static let scaleRange = 1.0...4.0

    /// Checks every value; the first problem names its option.
    public func validate() throws(SnapshotError) {
        switch framing {
        case .meters(let m):
            guard m.isFinite, m > 0 else { throw .invalidOption(option: "meters", message: "must be a number greater than 0, got \(MessageNumber.format(m))") }
        case .zoom(let z):
            guard z.isFinite, Self.zoomRange.contains(z) else { throw .invalidOption(option: "zoom", message: "must be between 0 and 24, got \(MessageNumber.format(z))") }
        case .fit(let padding, let meters):
            guard padding.isFinite, padding >= 0 else { throw .invalidOption(option: "padding", message: "must be 0 or more points, got \(MessageNumber.format(padding))") }
            guard meters.isFinite, meters > 0 else { throw .invalidOption(option: "meters", message: "must be a number greater than 0, got \(MessageNumber.format(meters))") }
        }
        guard (1...Self.maxSide).contains(size.width), (1...Self.maxSide).contains(size.height) else {
            throw .invalidOption(option: "size", message: "each side must be 1 to \(Self.maxSide) pixels, got \(size)")
        }
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw .invalidOption(option: "scale", message: "must be between 1 and 4, got \(MessageNumber.format(scale))")
        }
        guard bearing.isFinite else { throw .invalidOption(option: "bearing", message: "must be a number of degrees") }
        let pixels = Double(size.width) * scale * Double(size.height) * scale
        guard pixels <= Double(Self.maxSide * Self.maxSide) else {
            throw .invalidOption(option: "scale", message: "\(size) at scale \(MessageNumber.format(scale)) is over \(Self.maxSide)x\(Self.maxSide) pixels")
        }
    }
}
