import MapsnapFormats

/// Invalid geographic input. Messages name the value and the rule it breaks.
public enum GeoError: Error, Equatable, CustomStringConvertible, Sendable {
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case notANumber(String)
    case malformedPair(String)

    public var description: String {
        switch self {
        case .latitudeOutOfRange(let v): return "latitude \(MessageNumber.format(v)) is outside -90...90"
        case .longitudeOutOfRange(let v): return "longitude \(MessageNumber.format(v)) is outside -180...180"
        case .notANumber(let s): return "'\(s)' is not a number"
        case .malformedPair(let s): return "'\(s)' is not a LAT,LON pair (latitude first, e.g. 43.7360,7.4260)"
        }
    }
}
