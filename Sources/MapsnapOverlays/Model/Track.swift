import MapsnapFormats
import MapsnapGeo
/// A polyline drawn over the map: a recorded track, a planned route or a GeoJSON line. Each
/// segment is drawn on its own (a gap between segments is a gap in the recording).
public struct Track: Sendable, Equatable {
    public var segments: [[LatLon]]
    public var color: Color
    /// Line width in points (the casing is added outside it).
    public var width: Double
    /// The outline drawn under the line on both sides; nil draws none.
    public var casingColor: Color?
    /// Casing width on each side of the line, in points.
    public var casingWidth: Double
    /// 0...1, for line and casing together.
    public var opacity: Double
    /// Dash pattern in multiples of the line width, like MapLibre's `line-dasharray`; nil is solid.
    public var dash: [Double]?
    /// Draw a start marker on the first point of the first segment.
    public var startMarker: Bool
    /// Draw an end marker on the last point of the last segment.
    public var endMarker: Bool
    public var title: String?

    /// The track blue, `#1a73e8`.
    public static let defaultColor = Color(r255: 0x1A, g255: 0x73, b255: 0xE8)

    public init(segments: [[LatLon]] = [], color: Color = Track.defaultColor, width: Double = 4,
                casingColor: Color? = .white, casingWidth: Double = 1.5, opacity: Double = 1,
                dash: [Double]? = nil, startMarker: Bool = false, endMarker: Bool = false, title: String? = nil) {
        self.segments = segments
        self.color = color
        self.width = width
        self.casingColor = casingColor
        self.casingWidth = casingWidth
        self.opacity = opacity
        self.dash = dash
        self.startMarker = startMarker
        self.endMarker = endMarker
        self.title = title
    }

    /// The number of points over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }
}
