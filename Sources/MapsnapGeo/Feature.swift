import MapsnapFormats
import Foundation

/// What a style can ask of a map feature, whichever format it came from (MVT, GeoJSON, …).
/// Defined here so that the style module can evaluate filters and expressions without
/// importing the tile decoder.
public protocol Feature {
    var geometryType: GeometryType { get }
    /// The feature id, when the data has one.
    var id: FeatureValue? { get }
    /// The value of one property, or nil when the feature does not have it.
    func property(_ key: String) -> FeatureValue?
    /// All properties (for the `properties` expression; slower than `property(_:)`).
    var properties: [String: FeatureValue] { get }
    /// One member of the feature's state (MapLibre's `setFeatureState`, read by
    /// `["feature-state", key]`); nil when unset. Data itself has none.
    func state(_ key: String) -> FeatureValue?
    /// Where the feature lies in the world (for `within`); nil when that is not known, as for a
    /// feature read outside a tile.
    func worldGeometry() -> WorldGeometry?
}

extension Feature {
    public func state(_ key: String) -> FeatureValue? { nil }
    public func worldGeometry() -> WorldGeometry? { nil }
}

/// The geometry kinds of the MVT and MapLibre specs (`$type` in legacy filters).
public enum GeometryType: String, Sendable, Hashable {
    case point = "Point"
    case lineString = "LineString"
    case polygon = "Polygon"
    case unknown = "Unknown"
}

/// A property value as vector tiles and GeoJSON carry it. MVT's integer kinds become `number`,
/// as in MapLibre (JavaScript numbers). GeoJSON properties may also hold arrays and objects
/// (`json`), which MapLibre's expressions read as such (`["get", "padding"]` → `[2, 4]`).
public enum FeatureValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// An array or an object (never a scalar or null).
    case json(JSONValue)

    public var description: String {
        switch self {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return FeatureValue.format(n)
        case .json(let v): return v.compactText
        }
    }

    /// Formats a number the way JavaScript's `String(n)` does (`JavaScriptNumber.format`).
    public static func format(_ n: Double) -> String { JavaScriptNumber.format(n) }
}
