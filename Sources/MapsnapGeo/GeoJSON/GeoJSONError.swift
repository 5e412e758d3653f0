import MapsnapFormats

/// Why a GeoJSON document, or one feature of it, could not be read: the JSON path of the value
/// (`features[3].geometry.coordinates[12]`) and what is wrong with it, e.g.
/// `features[3].geometry.coordinates[12]: latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])`.
public struct GeoJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A JSON path inside the document; `""` for the top-level value.
    public var path: String
    public var reason: Reason

    public enum Reason: Equatable, Sendable {
        /// `missing (use null for a feature without a location)`
        case missingMember(hint: String?)
        /// `must be a position [lon, lat], got [1]` (`got` is a `JSONValue.summary` or a description)
        case unexpectedValue(expected: String, got: String)
        /// `latitude 95.1 is outside -90...90 (GeoJSON positions are [lon, lat])`
        case positionOutOfRange(Axis, Double)
        /// `a linear ring needs at least 4 positions, got 3`
        case tooFewPositions(shape: String, minimum: Int, got: Int)
    }

    /// Which half of a position is out of range.
    public enum Axis: String, Sendable {
        case latitude, longitude
    }

    public init(path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// What is wrong, without the path.
    public var message: String {
        switch reason {
        case .missingMember(let hint):
            return "missing" + (hint.map { " (\($0))" } ?? "")
        case .unexpectedValue(let expected, let got):
            return "must be \(expected), got \(got)"
        case .positionOutOfRange(let axis, let value):
            let range = axis == .latitude ? "-90...90" : "-180...180"
            return "\(axis.rawValue) \(MessageNumber.format(value)) is outside \(range) (GeoJSON positions are [lon, lat])"
        case .tooFewPositions(let shape, let minimum, let got):
            return "\(shape) needs at least \(minimum) position\(minimum == 1 ? "" : "s"), got \(got)"
        }
    }

    /// `path: message`, or the message alone at the top level.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
