import MapsnapFormats

/// One feature of a GeoJSON document (RFC 7946 §3.2). A lone geometry reads as a feature with
/// that geometry, no properties and no id.
public struct GeoJSONFeature: Equatable, Sendable {
    /// nil for a feature without a location: `"geometry": null`, or empty coordinates, which
    /// RFC 7946 §3.1 lets a reader take as null.
    public var geometry: GeoJSONGeometry?
    /// The `properties` member as written: an object, or `null` (also when absent).
    public var properties: JSONValue
    /// The `id` member (RFC 7946: a string or a number), nil when absent.
    public var id: JSONValue?
    /// Where the feature is in the document, for messages: `features[3]`, or `""` for a lone
    /// Feature or geometry.
    public var path: String

    public init(geometry: GeoJSONGeometry?, properties: JSONValue = .null, id: JSONValue? = nil, path: String = "") {
        self.geometry = geometry
        self.properties = properties
        self.id = id
        self.path = path
    }
}
