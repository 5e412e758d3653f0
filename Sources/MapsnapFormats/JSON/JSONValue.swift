/// A JSON value (RFC 8259) as read from a file: numbers as `Double` (booleans never confused
/// with them), objects with their members in file order. Read one with `JSONValue.parse(_:)`;
/// read fields with `value["key"]`, `value[0]` and the typed accessors (`stringValue`, …), each
/// nil when the value is of another kind.
///
/// Not `indirect`: arrays and objects already store their elements out of line, and an indirect
/// enum would put every number and string in a heap box of its own.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var isArrayOrObject: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    /// The member `key` of an object; nil when this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The element at `index` of an array; nil when this is not an array or `index` is outside it.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { items[index] } else { nil }
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// A number that is a whole number within `Int`'s range (`3`, `-1`, `2e3`); nil for `2.5`,
    /// `1e300` and non-numbers. The checked way from input to an `Int`: `Int(someDouble)` traps.
    public var integerValue: Int? {
        guard case .number(let n) = self, n == n.rounded(), n >= -0x1p63, n < 0x1p63 else { return nil }
        return Int(n)
    }

    /// How a value is named in messages: `"blurple"`, `-5`, `true`, `null`, `[1, 2]` for a short
    /// array of scalars, otherwise `an array of 7 items` or `an object`. Long strings are cut at
    /// 40 characters (`"xxx…"`).
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return MessageNumber.format(n)
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .object: return "an object"
        case .array(let items):
            let scalars = items.allSatisfy { $0.arrayValue == nil && $0.objectValue == nil }
            if items.count <= 4 && scalars { return "[" + items.map(\.summary).joined(separator: ", ") + "]" }
            return "an array of \(items.count) item\(items.count == 1 ? "" : "s")"
        }
    }

    /// `s` as a JSON string literal: in double quotes, with `"`, `\` and control characters
    /// escaped (`\n`, `\r`, `\t`, else `\u001f`); everything else as is.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

// Literals, so that values read as JSON in code and tests: `["type": "Point", "coordinates": [0, 0]]`.
extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.lazy.map { (key: $0.0, value: $0.1) }))
    }
}
