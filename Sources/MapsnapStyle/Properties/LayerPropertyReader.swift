/// Reads a layer's `paint` and `layout` objects into typed properties, one call per property
/// with its spec default, and warns about the properties nobody asked for.
final class LayerPropertyReader {
    let layerPath: String
    let paint: [String: StyleValue]
    let layout: [String: StyleValue]
    let compiler: PropertyCompiler
    private var used: Set<String> = ["visibility"]

    init(layerPath: String, paint: [String: StyleValue], layout: [String: StyleValue], log: IssueLog) {
        self.layerPath = layerPath
        self.paint = paint
        self.layout = layout
        self.compiler = PropertyCompiler(log: log)
    }

    func paint<T: StylePropertyValue>(_ name: String, default value: T, interpolatable: Bool? = nil,
                                      length: Int? = nil) -> StyleProperty<T> {
        read(name, in: paint, group: "paint", default: value, interpolatable: interpolatable, length: length) ?? .constant(value)
    }

    func layout<T: StylePropertyValue>(_ name: String, default value: T, interpolatable: Bool? = nil,
                                       length: Int? = nil, tokens: Bool = false) -> StyleProperty<T> {
        read(name, in: layout, group: "layout", default: value, interpolatable: interpolatable, length: length, tokens: tokens)
            ?? .constant(value)
    }

    /// For properties without a spec default (`fill-pattern`, `text-field`, …): nil when absent.
    /// `fallback` is used where an evaluation fails.
    func optionalPaint<T: StylePropertyValue>(_ name: String, fallback: T, interpolatable: Bool? = nil) -> StyleProperty<T>? {
        read(name, in: paint, group: "paint", default: fallback, interpolatable: interpolatable)
    }

    func optionalLayout<T: StylePropertyValue>(_ name: String, fallback: T, interpolatable: Bool? = nil,
                                               tokens: Bool = false) -> StyleProperty<T>? {
        read(name, in: layout, group: "layout", default: fallback, interpolatable: interpolatable, tokens: tokens)
    }

    private func read<T: StylePropertyValue>(_ name: String, in group: [String: StyleValue], group groupName: String,
                                             default value: T, interpolatable: Bool?, length: Int? = nil,
                                             tokens: Bool = false) -> StyleProperty<T>? {
        // Most layers set a few of the ~40 properties their type reads: only present ones are recorded.
        guard !group.isEmpty, let json = group[name] else { return nil }
        used.insert(name)
        var type = T.valueType
        if name == "text-field" { type = .formatted }
        if name == "icon-image" || name.hasSuffix("-pattern") { type = .resolvedImage }
        if let length, case .array(let item, nil) = type { type = .array(item, length) }
        let definition = PropertyCompiler.Definition(name: name, type: type, interpolatable: interpolatable ?? T.isInterpolatable,
                                                     tokens: tokens, length: length)
        return compiler.compile(json, path: "\(layerPath).\(groupName).\(name)", definition: definition, default: value)
    }

    /// Warns that a property the style sets is read but not drawn (once, at its JSON path), so
    /// that no setting is silently lost.
    func warnNotDrawn(_ name: String, group groupName: String, why: String) {
        compiler.log.warning("\(layerPath).\(groupName).\(name)", "property \"\(name)\" is not drawn by mapsnap (\(why)); ignored")
    }

    /// Warns once per property that no layer type read (transitions are ignored: a snapshot has
    /// no time).
    func warnAboutUnusedProperties() {
        for (groupName, group) in [("layout", layout), ("paint", paint)] {
            for name in group.keys.sorted() where !used.contains(name) && !name.hasSuffix("-transition") {
                compiler.log.warning("\(layerPath).\(groupName).\(name)", "property \"\(name)\" is not supported; ignored")
            }
        }
    }
}
