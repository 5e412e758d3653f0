import Foundation
import MapsnapFormats

/// A WGS-84 position in degrees. Latitude first, as people write it and as the CLI takes it.
public struct LatLon: Hashable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    /// Unchecked: for values that are already known to be valid (projection output, tests).
    public init(_ latitude: Double, _ longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Checked: NaN, |lat| > 90 or |lon| > 180 are errors, not clamped.
    public init(validatingLatitude latitude: Double, longitude: Double) throws(GeoError) {
        guard LatLon.isValidLatitude(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard LatLon.isValidLongitude(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.init(latitude, longitude)
    }

    /// The one rule for input latitudes: finite and in -90...90.
    public static func isValidLatitude(_ v: Double) -> Bool { v.isFinite && v >= -90 && v <= 90 }
    /// The one rule for input longitudes: finite and in -180...180.
    public static func isValidLongitude(_ v: Double) -> Bool { v.isFinite && v >= -180 && v <= 180 }

    /// Parses `"LAT,LON"` (latitude first), e.g. `"43.7360,7.4260"`.
    public init(parsing text: String) throws(GeoError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { throw .malformedPair(text) }
        guard let lat = Double(parts[0]) else { throw .notANumber(parts[0]) }
        guard let lon = Double(parts[1]) else { throw .notANumber(parts[1]) }
        try self.init(validatingLatitude: lat, longitude: lon)
    }

    /// `43.736,7.426`: each to the micro-degree (about 0.1 m), which is all a position in a
    /// message needs, in the one number format of messages.
    public var description: String {
        func degrees(_ v: Double) -> String { MessageNumber.format(v.isFinite ? (v * 1e6).rounded() / 1e6 : v) }
        return "\(degrees(latitude)),\(degrees(longitude))"
    }
}
