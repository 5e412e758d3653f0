import MapsnapFormats
import MapsnapGeo

/// The ranges overlay values must fall in, shared by the readers and by callers that build overlays
/// from their own input (the CLI's `--user` and `--circle`).
public enum OverlayLimits {
    /// A radius (accuracy circle, geofence) is greater than 0 and at most 20,000 km, about half the
    /// Earth's circumference: anything larger is not a circle on the map any more.
    public static let maxRadiusMeters = 20_000_000.0

    public static func isValidRadius(_ meters: Double) -> Bool {
        meters.isFinite && meters > 0 && meters <= maxRadiusMeters
    }

    /// Throws `OverlayError.radiusOutOfRange` naming `location` unless `meters` is a valid radius.
    public static func checkRadius(_ meters: Double, at location: InputLocation) throws(OverlayError) {
        guard isValidRadius(meters) else { throw .radiusOutOfRange(location, got: MessageNumber.format(meters)) }
    }

    /// A latitude is finite and in -90...90, a longitude finite and in -180...180.
    static func isValidLatitude(_ v: Double) -> Bool { LatLon.isValidLatitude(v) }
    static func isValidLongitude(_ v: Double) -> Bool { LatLon.isValidLongitude(v) }
}
