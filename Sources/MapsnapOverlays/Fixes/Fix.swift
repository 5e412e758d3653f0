import Foundation
import MapsnapGeo

/// One GPS reading: where the device thought it was, how sure it was, and when.
public struct Fix: Sendable, Equatable {
    public var coordinate: LatLon
    /// Horizontal accuracy in meters (the radius of 68 % confidence, as phones report it); nil when
    /// unknown. A negative value marks an invalid fix (iOS reports -1), which `FixFilter` drops.
    public var accuracyMeters: Double?
    public var time: Date?

    public init(coordinate: LatLon, accuracyMeters: Double? = nil, time: Date? = nil) {
        self.coordinate = coordinate
        self.accuracyMeters = accuracyMeters
        self.time = time
    }
}
