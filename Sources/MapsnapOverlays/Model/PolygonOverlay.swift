import MapsnapFormats
import MapsnapGeo
/// A filled area: the exterior ring first, then holes. Rings are closed (first point repeated last).
/// Their winding is kept as read, not normalized: fill with the even-odd rule so holes are cut out
/// whichever way they run.
public struct PolygonOverlay: Sendable, Equatable {
    public var rings: [[LatLon]]
    public var fillColor: Color?
    /// 0...1, multiplied with `fillColor`'s own alpha.
    public var fillOpacity: Double
    public var strokeColor: Color?
    /// Outline width in points.
    public var strokeWidth: Double
    /// 0...1, multiplied with `strokeColor`'s own alpha.
    public var strokeOpacity: Double

    /// The area blue, `#007aff`.
    public static let defaultColor = Color(r255: 0x00, g255: 0x7A, b255: 0xFF)

    /// By default a 2-pt blue outline over the same blue at 20 %.
    public init(rings: [[LatLon]], fillColor: Color? = PolygonOverlay.defaultColor, fillOpacity: Double = 0.2,
                strokeColor: Color? = PolygonOverlay.defaultColor, strokeWidth: Double = 2, strokeOpacity: Double = 1) {
        self.rings = rings
        self.fillColor = fillColor
        self.fillOpacity = fillOpacity
        self.strokeColor = strokeColor
        self.strokeWidth = strokeWidth
        self.strokeOpacity = strokeOpacity
    }
}
