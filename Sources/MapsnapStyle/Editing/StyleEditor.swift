import MapsnapFormats
import MapsnapGeo

/// A style changed the way MapLibre's map API changes a loaded one (`setPaintProperty`,
/// `addLayer`, `setStyle`, …), on its JSON before it is parsed: the one place mapsnap mutates a
/// style, used by the conformance runner's operations and by the server's request parameters.
///
/// Each change is checked as MapLibre checks it (the layer or source must exist, ids must be
/// new, a source in use cannot go) and a refused change leaves the style as it was. What the
/// values themselves mean is checked when the result is parsed (`StyleDocument.parse`).
/// Images added at run time are kept beside the JSON (`images`); the camera is kept in the
/// style's own `center`, `zoom`, `bearing`, `pitch` and `roll`, the view's padding and field of
/// view beside it (`StyleEditor+View`).
public struct StyleEditor: Sendable {
    /// The style as changed so far.
    public private(set) var root: [String: StyleValue]
    /// Images added with `addImage`, by name.
    public private(set) var images: [String: StyleImage] = [:]
    /// Feature states set with `setFeatureState`.
    public private(set) var featureStates = FeatureStates()
    /// Whether the camera has moved from the map's initial one (MapLibre's
    /// `transform.unmodified`): a new style only brings its camera while it has not.
    public internal(set) var cameraMoved = false
    /// The view's padding (MapLibre's `setPadding`) and vertical field of view in degrees
    /// (`setVerticalFieldOfView`; nil: MapLibre's default): camera state a style does not hold.
    public internal(set) var padding = EdgeInsets()
    public internal(set) var fieldOfView: Double?

    private static let cameraKeys = ["center", "zoom", "bearing", "pitch", "roll"]

    public init(style: StyleValue) throws(StyleEditError) {
        root = [:]
        try setStyle(style)
    }

    /// The style JSON with every change applied.
    public var style: StyleValue { .object(root) }

    // MARK: The whole style

    /// Replaces the style (MapLibre's `setStyle`; the result is the same whether MapLibre diffs
    /// or rebuilds). Images added at run time stay. The new style's camera is taken only while the
    /// map has not moved from its initial camera, as MapLibre jumps to it only then.
    public mutating func setStyle(_ style: StyleValue) throws(StyleEditError) {
        guard case .object(var object) = style else { throw .notAStyle(found: style.type.kind) }
        // Legacy `ref` layers are resolved as the style loads, as MapLibre's `deref` does: a
        // change to a referring layer is then its own.
        if case .array(let layers)? = object["layers"] { object["layers"] = .array(LayerRef.resolve(layers)) }
        if cameraMoved {
            for key in Self.cameraKeys { object[key] = root[key] }
        } else {
            cameraMoved = Self.cameraKeys.contains { key in object[key].map { !Self.isInitialCamera(key, $0) } ?? false }
        }
        root = object
    }

    public mutating func setGlyphs(_ url: StyleValue) { root["glyphs"] = url.isNull ? nil : url }
    public mutating func setSprite(_ sprite: StyleValue) { root["sprite"] = sprite.isNull ? nil : sprite }
    public mutating func setLight(_ light: StyleValue) { root["light"] = light.isNull ? nil : light }
    public mutating func setSky(_ sky: StyleValue) { root["sky"] = sky.isNull ? nil : sky }

    // MARK: Layers

    /// The ids of the layers, bottom to top.
    public var layerIDs: [String] { layers.compactMap { $0.objectValue?["id"]?.stringValue } }

    private var layers: [StyleValue] {
        get { root["layers"]?.arrayValue ?? [] }
        set { root["layers"] = .array(newValue) }
    }

    private func index(ofLayer id: String) throws(StyleEditError) -> Int {
        guard let index = layers.firstIndex(where: { $0.objectValue?["id"]?.stringValue == id }) else { throw .noSuchLayer(id) }
        return index
    }

    /// Changes one member of a layer (`paint`/`layout` property, `filter`, zoom range); nil removes it.
    private mutating func changeLayer(_ id: String, _ change: (inout [String: StyleValue]) -> Void) throws(StyleEditError) {
        let i = try index(ofLayer: id)
        guard case .object(var layer) = layers[i] else { throw .noSuchLayer(id) }
        change(&layer)
        layers[i] = .object(layer)
    }

    /// The value a layer's paint or layout property has now (nil: its default).
    public func property(layer id: String, group: PropertyGroup, _ name: String) throws(StyleEditError) -> StyleValue? {
        let i = try index(ofLayer: id)
        return layers[i].objectValue?[group.rawValue]?.objectValue?[name]
    }

    public enum PropertyGroup: String, Sendable { case paint, layout }

    /// `setPaintProperty` / `setLayoutProperty`: `null` returns the property to its default.
    public mutating func setProperty(layer id: String, group: PropertyGroup, _ name: String, _ value: StyleValue) throws(StyleEditError) {
        try changeLayer(id) { layer in
            var members = layer[group.rawValue]?.objectValue ?? [:]
            members[name] = value.isNull ? nil : value
            layer[group.rawValue] = members.isEmpty ? nil : .object(members)
        }
    }

    /// `setFilter`: `null` removes the filter.
    public mutating func setFilter(layer id: String, _ filter: StyleValue) throws(StyleEditError) {
        try changeLayer(id) { $0["filter"] = filter.isNull ? nil : filter }
    }

    /// `setLayerZoomRange`: a `null` bound is left as it is, as in MapLibre.
    public mutating func setLayerZoomRange(layer id: String, minZoom: StyleValue, maxZoom: StyleValue) throws(StyleEditError) {
        try changeLayer(id) { layer in
            if !minZoom.isNull { layer["minzoom"] = minZoom }
            if !maxZoom.isNull { layer["maxzoom"] = maxZoom }
        }
    }

    /// `addLayer`, on top or below the layer `before`. A layer whose `source` is an object brings
    /// its own source, named after the layer, as in MapLibre.
    public mutating func addLayer(_ layer: StyleValue, before: String? = nil) throws(StyleEditError) {
        guard case .object(var object) = layer, case .string(let id)? = object["id"] else {
            throw .invalidLayer(layer.objectValue?["id"]?.json ?? "?", reason: "a layer is an object with a string \"id\"")
        }
        guard !layerIDs.contains(id) else { throw .layerExists(id) }
        let position: Int
        if let before {
            guard let i = layers.firstIndex(where: { $0.objectValue?["id"]?.stringValue == before }) else {
                throw .invalidLayer(id, reason: "cannot be added before the layer '\(before)', which does not exist")
            }
            position = i
        } else {
            position = layers.count
        }
        var newSource: (String, StyleValue)?
        switch object["source"] {
        case .object?:
            guard sources[id] == nil else { throw .sourceExists(id) }
            newSource = (id, object["source"]!)
            object["source"] = .string(id)
        case .string(let source)?:
            guard sources[source] != nil else { throw .invalidLayer(id, reason: "its source '\(source)' does not exist in the map's style") }
        case nil where object["type"] == .string("background"):
            break
        default:
            throw .invalidLayer(id, reason: "a layer of this type needs a \"source\"")
        }
        if let (name, source) = newSource { try addSource(name, source) }
        layers.insert(.object(object), at: position)
    }

    /// `moveLayer`: to the top, or below the layer `before`.
    public mutating func moveLayer(_ id: String, before: String? = nil) throws(StyleEditError) {
        var rest = layers
        let layer = rest.remove(at: try index(ofLayer: id))
        var position = rest.count
        if let before {
            guard let i = rest.firstIndex(where: { $0.objectValue?["id"]?.stringValue == before }) else {
                throw .invalidLayer(id, reason: "cannot be moved before the layer '\(before)', which does not exist")
            }
            position = i
        }
        rest.insert(layer, at: position)
        layers = rest
    }

    public mutating func removeLayer(_ id: String) throws(StyleEditError) {
        layers.remove(at: try index(ofLayer: id))
    }

    // MARK: Sources

    private var sources: [String: StyleValue] {
        get { root["sources"]?.objectValue ?? [:] }
        set { root["sources"] = .object(newValue) }
    }

    public mutating func addSource(_ id: String, _ source: StyleValue) throws(StyleEditError) {
        guard sources[id] == nil else { throw .sourceExists(id) }
        guard case .string? = source.objectValue?["type"] else { throw .invalidSource(id, reason: "a source is an object with a string \"type\"") }
        sources[id] = source
    }

    /// `removeSource`: refused while a layer draws from it.
    public mutating func removeSource(_ id: String) throws(StyleEditError) {
        guard sources[id] != nil else { throw .noSuchSource(id) }
        if let user = layers.first(where: { $0.objectValue?["source"]?.stringValue == id }) {
            throw .sourceInUse(source: id, layer: user.objectValue?["id"]?.stringValue ?? "?")
        }
        sources[id] = nil
    }

    // MARK: Images

    public mutating func addImage(_ name: String, _ image: StyleImage) throws(StyleEditError) {
        guard images[name] == nil else { throw .imageExists(name) }
        images[name] = image
    }

    /// `updateImage`: the new pixels must have the old size, as in MapLibre.
    public mutating func updateImage(_ name: String, _ image: StyleImage) throws(StyleEditError) {
        guard let old = images[name] else { throw .noSuchImage(name) }
        guard old.size.map({ [$0.width, $0.height] }) == image.size.map({ [$0.width, $0.height] }) else { throw .imageSizeChanged(name) }
        images[name] = StyleImage(png: image.png, pixelRatio: old.pixelRatio, sdf: old.sdf)
    }

    public mutating func removeImage(_ name: String) throws(StyleEditError) {
        guard images.removeValue(forKey: name) != nil else { throw .noSuchImage(name) }
    }

    // MARK: Feature state

    /// The source, source layer and id a `setFeatureState` target names, checked as MapLibre
    /// checks them: the source must exist, a vector source needs `sourceLayer`, and `id` is
    /// required unless `idOptional` (`removeFeatureState` of a whole source).
    private func stateTarget(_ target: StyleValue, operation: String, idOptional: Bool) throws(StyleEditError)
        -> (source: String, sourceLayer: String, id: String?) {
        guard case .object(let members) = target, case .string(let source)? = members["source"] else {
            throw .invalidValue(operation: operation, reason: "the target needs a \"source\"")
        }
        guard let definition = sources[source] else { throw .noSuchSource(source) }
        let sourceLayer = members["sourceLayer"]?.stringValue ?? ""
        if definition.objectValue?["type"] == .string("vector"), sourceLayer.isEmpty {
            throw .invalidValue(operation: operation, reason: "the sourceLayer parameter must be provided for vector source types")
        }
        let id: String?
        switch members["id"] {
        case .string(let s)?: id = s
        case .number(let n)?: id = JavaScriptNumber.format(n)
        case nil, .null?: id = nil
        case let other?: throw .invalidValue(operation: operation, reason: "a feature id is a string or a number, got \(other.json)")
        }
        if id == nil, !idOptional { throw .invalidValue(operation: operation, reason: "the feature id parameter must be provided") }
        return (source, sourceLayer, id)
    }

    /// `setFeatureState`: merges `state` into the feature's.
    public mutating func setFeatureState(_ target: StyleValue, _ state: StyleValue) throws(StyleEditError) {
        let (source, sourceLayer, id) = try stateTarget(target, operation: "setFeatureState", idOptional: false)
        guard case .object(let members) = state else { throw .invalidValue(operation: "setFeatureState", reason: "a state is an object") }
        featureStates.set(source: source, sourceLayer: sourceLayer, id: id!, members)
    }

    /// `removeFeatureState`: one key of a feature's state, its whole state, or every state of
    /// the source (layer) when the target has no id (a key then needs an id, as in MapLibre).
    public mutating func removeFeatureState(_ target: StyleValue, key: String? = nil) throws(StyleEditError) {
        let (source, sourceLayer, id) = try stateTarget(target, operation: "removeFeatureState", idOptional: true)
        if id == nil, key != nil {
            throw .invalidValue(operation: "removeFeatureState", reason: "a feature id is required to remove its specific state property")
        }
        featureStates.remove(source: source, sourceLayer: sourceLayer, id: id, key: key)
    }

    // MARK: Camera

    /// `jumpTo` / `setCenter` / `setZoom` / `setBearing` / `setPitch` / `setRoll`: the members
    /// given (center `[lng, lat]`, numbers for the rest) replace the style's camera.
    public mutating func jump(center: StyleValue? = nil, zoom: StyleValue? = nil, bearing: StyleValue? = nil,
                              pitch: StyleValue? = nil, roll: StyleValue? = nil) {
        for (key, value) in [("center", center), ("zoom", zoom), ("bearing", bearing), ("pitch", pitch), ("roll", roll)] {
            guard let value, !value.isNull else { continue }
            let current = root[key] ?? Self.initialCamera(key)
            if current != value { cameraMoved = true }
            root[key] = value
        }
    }

    private static func initialCamera(_ key: String) -> StyleValue {
        key == "center" ? .array([.number(0), .number(0)]) : .number(0)
    }

    private static func isInitialCamera(_ key: String, _ value: StyleValue) -> Bool {
        value == initialCamera(key) || value.isNull
    }
}
