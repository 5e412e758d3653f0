import MapsnapFormats
/// A Swift type a style property can have: how it appears in the expression type system, how
/// an evaluated value converts to it, and how to describe it in an error.
public protocol StylePropertyValue: Sendable {
    /// The type expressions for this property are checked against.
    static var valueType: ValueType { get }
    /// Whether `interpolate` (and exponential legacy functions) may produce it.
    static var isInterpolatable: Bool { get }
    /// "a number", "a color", … for messages about constants.
    static var expectation: String { get }
    /// nil when the value does not fit (the property then uses its default).
    init?(styleValue: StyleValue)
    /// The spellings an enumeration (or an array of one) accepts; nil for other types.
    static var enumerationValues: [String]? { get }
}

extension StylePropertyValue {
    public static var enumerationValues: [String]? { nil }
}

extension Double: StylePropertyValue {
    public static var valueType: ValueType { .number }
    public static var isInterpolatable: Bool { true }
    public static var expectation: String { "a number" }
    public init?(styleValue: StyleValue) {
        guard case .number(let n) = styleValue, !n.isNaN else { return nil }
        self = n
    }
}

extension Bool: StylePropertyValue {
    public static var valueType: ValueType { .boolean }
    public static var isInterpolatable: Bool { false }
    public static var expectation: String { "a boolean" }
    public init?(styleValue: StyleValue) {
        guard case .bool(let b) = styleValue else { return nil }
        self = b
    }
}

extension String: StylePropertyValue {
    public static var valueType: ValueType { .string }
    public static var isInterpolatable: Bool { false }
    public static var expectation: String { "a string" }
    public init?(styleValue: StyleValue) {
        switch styleValue {
        case .string(let s): self = s
        case .null: return nil
        default: self = styleValue.stringified
        }
    }
}

extension Color: StylePropertyValue {
    public static var valueType: ValueType { .color }
    public static var isInterpolatable: Bool { true }
    public static var expectation: String { "a color" }
    public init?(styleValue: StyleValue) {
        switch styleValue {
        case .color(let c): self = c
        case .string(let s):
            guard let c = Color.parse(s) else { return nil }
            self = c
        default: return nil
        }
    }
}

extension Array: StylePropertyValue where Element: StylePropertyValue {
    public static var valueType: ValueType { .array(Element.valueType, nil) }
    public static var isInterpolatable: Bool { Element.self == Double.self }
    public static var enumerationValues: [String]? { Element.enumerationValues }
    /// "an array of numbers" from "a number"; "an array of items each one of …" from an enum's list.
    public static var expectation: String {
        let element = Element.expectation
        guard element.hasPrefix("a ") || element.hasPrefix("an ") else { return "an array of items each \(element)" }
        return "an array of \(element.split(separator: " ").dropFirst().joined(separator: " "))s"
    }
    public init?(styleValue: StyleValue) {
        guard case .array(let items) = styleValue else { return nil }
        var out: [Element] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let element = Element(styleValue: item) else { return nil }
            out.append(element)
        }
        self = out
    }
}

/// Enumerations of the spec (`line-cap`, `text-anchor`, …): strings from a fixed set.
public protocol StyleEnum: StylePropertyValue, RawRepresentable, CaseIterable where RawValue == String {}

extension StyleEnum {
    public static var valueType: ValueType { .string }
    public static var isInterpolatable: Bool { false }
    public static var enumerationValues: [String]? { allCases.map(\.rawValue) }
    public static var expectation: String {
        "one of " + allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }
    public init?(styleValue: StyleValue) {
        guard case .string(let s) = styleValue, let value = Self(rawValue: s) else { return nil }
        self = value
    }
}
