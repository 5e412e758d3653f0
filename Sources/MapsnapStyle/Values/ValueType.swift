/// The static types of the expression language, as the MapLibre style spec names them.
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case null
    case number
    case string
    case boolean
    case color
    case object
    /// Any JSON value (or colour): the type of `get` and friends until asserted.
    case value
    /// `format` output; here always collapsed to plain text at run time.
    case formatted
    /// `image` output; here the image name as a string at run time.
    case resolvedImage
    case collator
    case error
    /// An array of `item`s, with a fixed length when `length` is given.
    case array(ValueType, Int?)

    public static let anyArray = ValueType.array(.value, nil)

    public var description: String {
        switch self {
        case .null: "null"
        case .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        case .color: "color"
        case .object: "object"
        case .value: "value"
        case .formatted: "formatted"
        case .resolvedImage: "resolvedImage"
        case .collator: "collator"
        case .error: "error"
        case .array(let item, let length):
            if let length { "array<\(item), \(length)>" } else if item == .value { "array" } else { "array<\(item)>" }
        }
    }

    /// The type's kind without its parameters (for the rules that only look at the kind).
    var kind: String {
        if case .array = self { return "array" }
        return description
    }

    var isArray: Bool { if case .array = self { true } else { false } }

    /// The types a `value` may hold.
    private static let valueMembers: [ValueType] = [
        .null, .number, .string, .boolean, .color, .formatted, .object, .anyArray, .resolvedImage,
    ]

    /// nil when a value of type `actual` may be used where `self` is expected; otherwise the
    /// spec's error text.
    public func mismatch(_ actual: ValueType) -> String? {
        if actual == .error { return nil }  // `error` fits anywhere: it never produces a value
        if case .array(let expectedItem, let expectedLength) = self {
            if case .array(let actualItem, let actualLength) = actual,
               (actualLength == 0 && actualItem == .value) || expectedItem.mismatch(actualItem) == nil,
               expectedLength == nil || expectedLength == actualLength {
                return nil
            }
        } else if self == actual {
            return nil
        } else if self == .value {
            if ValueType.valueMembers.contains(where: { $0.mismatch(actual) == nil }) { return nil }
        }
        return "Expected \(self) but found \(actual) instead."
    }
}
