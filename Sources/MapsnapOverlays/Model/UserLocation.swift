import MapsnapFormats
import MapsnapGeo
/// The device's position as a phone shows it: a blue dot with a white ring, a translucent circle of
/// `accuracyMeters` (geodesic) around it, and an optional heading cone. With `reducedAccuracy` only
/// a large approximate circle is drawn, no dot ("approximate location").
public struct UserLocation: Sendable, Equatable {
    public var coordinate: LatLon
    /// Radius of the accuracy circle in meters; nil draws the dot alone. Valid values are
    /// `OverlayLimits.radiusMeters` (greater than 0, at most 20,000 km): see `validated(at:)`.
    public var accuracyMeters: Double?
    /// Direction the device faces, degrees clockwise from north; nil draws no cone.
    public var headingDegrees: Double?
    public var reducedAccuracy: Bool

    /// The dot's blue, `#007aff`.
    public static let defaultColor = Color(r255: 0x00, g255: 0x7A, b255: 0xFF)

    public init(coordinate: LatLon, accuracyMeters: Double? = nil, headingDegrees: Double? = nil,
                reducedAccuracy: Bool = false) {
        self.coordinate = coordinate
        self.accuracyMeters = accuracyMeters
        self.headingDegrees = headingDegrees
        self.reducedAccuracy = reducedAccuracy
    }

    /// Self, when the accuracy is absent or a sensible radius; otherwise an error naming `location`,
    /// e.g. `--user: accuracy: must be a number of meters greater than 0 and at most 20,000 km, got 0`.
    public func validated(at location: InputLocation) throws(OverlayError) -> UserLocation {
        if let accuracyMeters { try OverlayLimits.checkRadius(accuracyMeters, at: location) }
        return self
    }
}
