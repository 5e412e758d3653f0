import Foundation
import MapsnapFormats
import MapsnapGeo

/// A value in a style sheet or produced by an expression: the JSON kinds plus `color`.
///
/// Not `indirect`: arrays and objects already store their elements out of line, and an
/// indirect enum would put every number and string in a heap box of its own (one allocation
/// per JSON scalar when parsing, one per `get` when evaluating).
public enum StyleValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(Color)
    case array([StyleValue])
    case object([String: StyleValue])

    public init(_ value: FeatureValue) {
        switch value {
        case .string(let s): self = .string(s)
        case .number(let n): self = .number(n)
        case .bool(let b): self = .bool(b)
        case .json(let v): self = StyleValue(v)
        }
    }

    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var arrayValue: [StyleValue]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: [String: StyleValue]? { if case .object(let o) = self { o } else { nil } }
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The runtime type, as MapLibre's `typeOf` names it (arrays carry their item type and length).
    public var type: ValueType {
        switch self {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .array(let items):
            var itemType: ValueType?
            for item in items {
                let t = item.type
                if itemType == nil {
                    itemType = t
                } else if itemType != t {
                    itemType = .value
                    break
                }
            }
            return .array(itemType ?? .value, items.count)
        }
    }

    /// The text `to-string` produces: `""` for null, JavaScript number formatting, `rgba(...)`
    /// for colours and compact JSON for arrays and objects.
    public var stringified: String {
        switch self {
        case .null: return ""
        case .string(let s): return s
        default: return json
        }
    }

    /// Compact JSON (object keys sorted, so output is deterministic); colours as `rgba(...)`.
    public var json: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.isFinite ? FeatureValue.format(n) : "null"
        case .string(let s): return JSONValue.quoted(s)
        case .color(let c): return c.description
        case .array(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { JSONValue.quoted($0) + ":" + members[$0]!.json }
                .joined(separator: ",") + "}"
        }
    }

}

extension StyleValue: CustomStringConvertible {
    public var description: String { json }
}

// MARK: JSON

extension StyleValue {
    /// A JSON value as a style value. Objects are converted with `mapValues`, which reuses the
    /// dictionary's hash table: this costs a fraction of the parse.
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(StyleValue.init))
        case .object(let members): self = .object(members.dictionary.mapValues(StyleValue.init))
        }
    }

    /// Parses JSON text (any top-level kind) strictly, as RFC 8259 says; see `JSONValue.parse`.
    public static func parseJSON(_ data: Data) throws(JSONSyntaxError) -> StyleValue {
        StyleValue(try JSONValue.parse(data))
    }

    /// Parses JSON text given as a string.
    public static func parseJSON(_ text: String) throws(JSONSyntaxError) -> StyleValue {
        StyleValue(try JSONValue.parse(text))
    }
}
