/// What the MapLibre style specification (v8) says about one layout or paint property, and
/// whether mapsnap draws it. `StyleSpecification.properties` (generated from the specification by
/// `scripts/generate-style-code.py`) lists them all, once; parsing (type, default, allowed
/// expressions) and every warning about a property come from there.
public struct PropertySpecification: Sendable {
    public let layerType: SpecLayerType
    public let group: PropertyGroup
    public let name: String
    public let type: SpecValueType
    /// The spec default; nil for properties that have none (sort keys, patterns, `icon-image`, …).
    public let defaultValue: StyleValue?
    /// What an expression for this property may read; empty only for `visibility`.
    public let inputs: ExpressionInputs
    /// Whether `interpolate` (and exponential legacy functions) may produce it.
    public let interpolated: Bool
    /// Whether the spec allows a `<name>-transition` (a snapshot has no time: read and ignored).
    public let transition: Bool
    /// `{token}` strings are property look-ups (`text-field`, `icon-image`).
    public let tokens: Bool
    /// The spec's range for numbers (also per item of arrays), when it gives one.
    public let minimum: Double?
    public let maximum: Double?
    /// "pixels", "ems", "degrees", … when the spec gives units.
    public let units: String?
    public let support: PropertySupport

    init(_ layerType: SpecLayerType, _ group: PropertyGroup, _ name: String, _ type: SpecValueType, default defaultValue: StyleValue? = nil,
         inputs: ExpressionInputs, interpolated: Bool = false, transition: Bool = false, tokens: Bool = false,
         minimum: Double? = nil, maximum: Double? = nil, units: String? = nil, support: PropertySupport = .drawn) {
        self.layerType = layerType
        self.group = group
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.inputs = inputs
        self.interpolated = interpolated
        self.transition = transition
        self.tokens = tokens
        self.minimum = minimum
        self.maximum = maximum
        self.units = units
        self.support = support
    }
}

public enum PropertyGroup: String, Sendable {
    case layout, paint
}

/// The spec's value types of properties.
public indirect enum SpecValueType: Sendable, Equatable {
    case number, string, boolean, color, formatted, resolvedImage
    /// A number or 1–4 numbers (`icon-padding`).
    case padding
    /// `[anchor, [x, y], anchor, [x, y], …]` (`text-variable-anchor-offset`).
    case variableAnchorOffsetCollection
    /// A number or an array of numbers (`hillshade-illumination-direction`).
    case numberArray
    /// A colour or an array of colours (`hillshade-shadow-color`).
    case colorArray
    case enumeration([String])
    case array(SpecValueType, Int?)

    /// The type expressions for the property are checked against.
    public var valueType: ValueType {
        switch self {
        case .number: .number
        case .string, .enumeration: .string
        case .boolean: .boolean
        case .color: .color
        case .formatted: .formatted
        case .resolvedImage: .resolvedImage
        // Several JSON shapes are valid: checked as any value, converted by the property's type.
        case .padding, .variableAnchorOffsetCollection, .numberArray, .colorArray: .value
        case .array(let item, let length): .array(item.valueType, length)
        }
    }

    /// The allowed strings of an enumeration (or of an array of them); nil for other types.
    public var enumerationValues: [String]? {
        switch self {
        case .enumeration(let values): values
        case .array(let item, _): item.enumerationValues
        default: nil
        }
    }
}

/// The inputs a property's expression may depend on (the spec's `expression.parameters`).
public struct ExpressionInputs: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let zoom = ExpressionInputs(rawValue: 1)
    /// Feature properties, geometry type and id ("data-driven").
    public static let feature = ExpressionInputs(rawValue: 2)
    /// `["line-progress"]`, only in `line-gradient`.
    public static let lineProgress = ExpressionInputs(rawValue: 4)
    /// `["heatmap-density"]`, only in `heatmap-color`.
    public static let heatmapDensity = ExpressionInputs(rawValue: 8)
    /// `["elevation"]`, only in `color-relief-color`.
    public static let elevation = ExpressionInputs(rawValue: 16)
}

/// What mapsnap does with a property the spec defines.
public enum PropertySupport: Sendable, Equatable {
    case drawn
    /// Read and validated, but it cannot change a still image (`raster-fade-duration`).
    case noEffectInStillImage
    /// Read and validated, not drawn: a value other than the default warns with this reason.
    case notDrawn(String)
}
