/// Reads a layer's `paint` and `layout` objects into typed properties as `StyleSpecification`
/// declares them (group, type, default, allowed expression inputs), and warns once about every
/// property the style sets that is not drawn: unknown, of another layer type, or not drawn by mapsnap.
final class LayerPropertyReader {
    let layerType: SpecLayerType
    let layerPath: String
    let paint: [String: StyleValue]
    let layout: [String: StyleValue]
    let compiler: PropertyCompiler
    private var used: Set<String> = []
    /// Every property the layer type asked for, with the Swift type it asked as (checked against
    /// the specification by `StyleSpecificationTests`).
    private(set) var requested: [String: any StylePropertyValue.Type] = [:]

    init(layerType: SpecLayerType, layerPath: String, paint: [String: StyleValue], layout: [String: StyleValue], log: IssueLog) {
        self.layerType = layerType
        self.layerPath = layerPath
        self.paint = paint
        self.layout = layout
        self.compiler = PropertyCompiler(log: log)
    }

    /// A property with a spec default: the default when the style does not set it (or sets an
    /// invalid value, which is reported).
    func value<T: StylePropertyValue>(_ name: String) -> StyleProperty<T> {
        let spec = specification(name, as: T.self)
        guard let json = spec.defaultValue, let defaultValue = T(styleValue: json) else {
            preconditionFailure("\(name): the specification table has no default of type \(T.self)")
        }
        return read(spec, default: defaultValue) ?? .constant(defaultValue)
    }

    /// A property whose absence means something (no pattern, no text): nil when the style does not
    /// set it. `fallback` is used where an evaluation fails.
    func optional<T: StylePropertyValue>(_ name: String, fallback: T) -> StyleProperty<T>? {
        read(specification(name, as: T.self), default: fallback)
    }

    private func specification<T: StylePropertyValue>(_ name: String, as: T.Type) -> PropertySpecification {
        guard let spec = StyleSpecification.property(name, of: layerType) else {
            preconditionFailure("\(name) is not a property of \(layerType) layers in the specification table")
        }
        requested[name] = T.self
        return spec
    }

    private func read<T: StylePropertyValue>(_ spec: PropertySpecification, default value: T) -> StyleProperty<T>? {
        let group = spec.group == .paint ? paint : layout
        // Most layers set a few of the ~40 properties their type reads: only present ones are compiled.
        guard !group.isEmpty, let json = group[spec.name] else { return nil }
        used.insert(spec.name)
        return compiler.compile(json, path: path(spec.group, spec.name), definition: PropertyCompiler.Definition(spec), default: value)
    }

    private func path(_ group: PropertyGroup, _ name: String) -> String { "\(layerPath).\(group.rawValue).\(name)" }

    /// Validates and warns about every property the layer type did not read, once each: unknown
    /// names, properties of other layer types or groups, and those mapsnap does not draw (when set
    /// to anything but their default). Transitions are accepted silently: a snapshot has no time.
    func warnAboutUnreadProperties() {
        let log = compiler.log
        for (group, values) in [(PropertyGroup.layout, layout), (.paint, paint)] {
            for name in values.keys.sorted() where !used.contains(name) && name != "visibility" {
                let path = path(group, name)
                if name.hasSuffix(Self.transitionSuffix) {
                    let property = String(name.dropLast(Self.transitionSuffix.count))
                    let spec = StyleSpecification.property(property, of: layerType)
                    if group == .paint, spec?.group == .paint, spec?.transition == true { continue }
                    log.warning(path, "unknown property \"\(name)\" (\"\(property)\" has no transition); ignored")
                    continue
                }
                guard let spec = StyleSpecification.property(name, of: layerType) else {
                    if let owner = StyleSpecification.layerTypeNames(having: name) {
                        log.warning(path, "property \"\(name)\" does not apply to \(layerType) layers (it is a property of \(owner) layers); ignored")
                    } else {
                        log.warning(path, "unknown property \"\(name)\"; ignored")
                    }
                    continue
                }
                guard spec.group == group else {
                    log.warning(path, "\"\(name)\" is a \(spec.group) property, not a \(group) one; ignored")
                    continue
                }
                switch spec.support {
                case .drawn:
                    // Only a table entry no layer type reads (StyleSpecificationTests forbids it).
                    log.warning(path, "property \"\(name)\" is not supported; ignored")
                case .noEffectInStillImage:
                    _ = compiler.compile(values[name]!, path: path, definition: PropertyCompiler.Definition(spec), default: AnyPropertyValue.null)
                case .notDrawn(let why):
                    let value = values[name]!
                    let compiled = compiler.compile(value, path: path, definition: PropertyCompiler.Definition(spec), default: AnyPropertyValue.null)
                    if compiled != nil && value != spec.defaultValue {
                        log.warning(path, "property \"\(name)\" is not drawn by mapsnap (\(why)); ignored")
                    }
                }
            }
        }
    }

    private static let transitionSuffix = "-transition"
}

/// The value of a property that is validated but not used: any JSON the property's type allows.
private struct AnyPropertyValue: StylePropertyValue {
    static let null = AnyPropertyValue(value: .null)
    var value: StyleValue
    static var valueType: ValueType { .value }
    static var isInterpolatable: Bool { true }
    static var expectation: String { "a value" }
    init(value: StyleValue) { self.value = value }
    init?(styleValue: StyleValue) { value = styleValue }
}
