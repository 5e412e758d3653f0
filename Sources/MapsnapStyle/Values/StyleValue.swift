import Foundation

/// A value in a style sheet or produced by an expression: the JSON kinds plus `color`.
public indirect enum StyleValue: Hashable, Sendable {
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
        case .string(let s): return StyleValue.quoted(s)
        case .color(let c): return c.description
        case .array(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { StyleValue.quoted($0) + ":" + members[$0]!.json }
                .joined(separator: ",") + "}"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension StyleValue: CustomStringConvertible {
    public var description: String { json }
}

// MARK: JSON

extension StyleValue {
    /// Converts what `JSONSerialization` returns. On Linux booleans arrive as `NSNumber`s too
    /// (`1 as? Bool` succeeds), so they are told apart by their class, not by casting.
    init(jsonObject: Any) {
        switch jsonObject {
        case is NSNull:
            self = .null
        case let s as String:
            self = .string(s)
        case let n as NSNumber:
            if Swift.type(of: n) == StyleValue.booleanClass {
                self = .bool(n.boolValue)
            } else {
                self = .number(n.doubleValue)
            }
        case let a as [Any]:
            self = .array(a.map(StyleValue.init(jsonObject:)))
        case let o as [String: Any]:
            self = .object(o.mapValues(StyleValue.init(jsonObject:)))
        default:
            self = .null
        }
    }

    private static let booleanClass = Swift.type(of: NSNumber(value: true))

    /// Parses JSON text (any top-level kind).
    public static func parseJSON(_ data: Data) throws -> StyleValue {
        StyleValue(jsonObject: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }
}
