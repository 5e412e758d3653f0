import MapsnapFormats
import MapsnapGeo
/// A circle of `radiusMeters` on the ground around `center` (a geofence), drawn as a geodesic ring
/// so it is the same size in meters at any latitude.
public struct GeoCircle: Sendable, Equatable {
    public var center: LatLon
    public var radiusMeters: Double
    /// Interior colour; nil leaves the inside unpainted.
    public var fillColor: Color?
    /// 0...1, multiplied with `fillColor`'s own alpha.
    public var fillOpacity: Double
    /// Outline colour; nil draws no outline.
    public var strokeColor: Color?
    /// Outline width in points.
    public var strokeWidth: Double
    /// 0...1, multiplied with `strokeColor`'s own alpha.
    public var strokeOpacity: Double
    /// Dash pattern in multiples of the stroke width, like MapLibre's `line-dasharray`; nil is solid.
    public var dash: [Double]?

    /// The geofence blue, `#007aff`.
    public static let defaultColor = Color(r255: 0x00, g255: 0x7A, b255: 0xFF)

    /// A geofence look by default: a 2-pt blue outline over the same blue at 15 %.
    public init(center: LatLon, radiusMeters: Double, fillColor: Color? = GeoCircle.defaultColor,
                fillOpacity: Double = 0.15, strokeColor: Color? = GeoCircle.defaultColor,
                strokeWidth: Double = 2, strokeOpacity: Double = 1, dash: [Double]? = nil) {
        self.center = center
        self.radiusMeters = radiusMeters
        self.fillColor = fillColor
        self.fillOpacity = fillOpacity
        self.strokeColor = strokeColor
        self.strokeWidth = strokeWidth
        self.strokeOpacity = strokeOpacity
        self.dash = dash
    }

    /// The circle as a closed counter-clockwise ring of `segments + 1` points (see `Geodesy.circle`).
    public func ring(segments: Int = 128) -> [LatLon] {
        Geodesy.circle(center: center, radiusMeters: radiusMeters, segments: segments)
    }

    /// Self, when the radius is sensible; otherwise an error naming `location`.
    public func validated(at location: InputLocation) throws(OverlayError) -> GeoCircle {
        try OverlayLimits.checkRadius(radiusMeters, at: location)
        return self
    }
}
