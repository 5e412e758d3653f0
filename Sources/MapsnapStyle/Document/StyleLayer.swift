/// One entry of the style's `layers`, in drawing order.
public struct StyleLayer: Sendable {
    public var id: String
    /// The `type` as written (`fill`, `raster`, …).
    public var type: String
    public var source: String?
    public var sourceLayer: String?
    public var minZoom: Double?
    public var maxZoom: Double?
    public var filter: Filter?
    /// `layout.visibility` is not `none`.
    public var visible: Bool
    public var kind: LayerKind
    /// What MapLibre groups layers by (`group_by_layout`): type, source, source layer, zoom
    /// range, filter and layout. Symbol layers alike in all of these share their placement.
    public var layoutKey = ""

    /// Drawn at zoom `z`: visible, `minzoom <= z` and `z < maxzoom`.
    public func isVisible(atZoom z: Double) -> Bool {
        guard visible else { return false }
        if let minZoom, z < minZoom { return false }
        if let maxZoom, z >= maxZoom { return false }
        return true
    }
}

extension StyleLayer {
    /// Why layers of this type are not drawn: a spec type mapsnap does not draw, or a type other
    /// renderers know; nil for drawn types and unknown ones.
    static func notDrawnReason(_ type: String) -> String? {
        SpecLayerType(rawValue: type)?.notDrawnReason ?? SpecLayerType.typesOutsideSpecification[type]
    }

    /// Parses `layers[index]`; nil after logging errors (others in the layer are still reported).
    static func parse(_ value: StyleValue, index: Int, sources: [String: StyleSource], log: IssueLog) -> StyleLayer? {
        let path = "layers[\(index)]"
        guard case .object(let object) = value else {
            log.error(path, "expected an object, got \(value.json)")
            return nil
        }
        let errorsBefore = log.errors.count
        func string(_ key: String, required: Bool = false) -> String? {
            switch object[key] {
            case .string(let s)?: return s
            case nil:
                if required { log.error(path, "missing required property \"\(key)\"") }
                return nil
            case let other?:
                log.error("\(path).\(key)", "expected a string, got \(other.json)")
                return nil
            }
        }
        func number(_ key: String) -> Double? {
            switch object[key] {
            case .number(let n)?: return n
            case nil: return nil
            case let other?:
                log.error("\(path).\(key)", "expected a number, got \(other.json)")
                return nil
            }
        }
        func group(_ key: String) -> [String: StyleValue] {
            switch object[key] {
            case .object(let members)?: return members
            case nil: return [:]
            case let other?:
                log.error("\(path).\(key)", "expected an object, got \(other.json)")
                return [:]
            }
        }

        let id = string("id", required: true) ?? ""
        let type = string("type", required: true) ?? ""
        if object["ref"] != nil {
            log.error("\(path).ref", "\"ref\" layers are not supported (removed from the spec); copy the referenced layer's properties")
        }
        let source = string("source")
        let sourceLayer = string("source-layer")
        let minZoom = number("minzoom")
        let maxZoom = number("maxzoom")
        let layout = group("layout")
        let paint = group("paint")

        var visible = true
        switch layout["visibility"] {
        case .string("visible")?, nil: visible = true
        case .string("none")?: visible = false
        case let other?: log.error("\(path).layout.visibility", "expected one of \"visible\", \"none\", got \(other.json)")
        }

        if !type.isEmpty, type != "background", notDrawnReason(type) == nil || object["source"] != nil {
            if let source {
                if sources[source] == nil { log.error("\(path).source", "source \"\(source)\" not found") }
            } else if SpecLayerType(rawValue: type) != nil {
                log.error(path, "missing required property \"source\"")
            }
        }

        var filter: Filter?
        if let filterValue = object["filter"] {
            filter = Filter.parse(filterValue, path: "\(path).filter", log: log)
        }

        let kind: LayerKind
        if let layerType = SpecLayerType(rawValue: type), layerType.isDrawn {
            let reader = LayerPropertyReader(layerType: layerType, layerPath: path, paint: paint, layout: layout, log: log)
            kind = LayerKind(layerType, reader)
            reader.warnAboutUnreadProperties()
        } else if type.isEmpty {
            kind = .unsupported(type: "")
        } else {
            if let why = notDrawnReason(type) {
                log.warning("\(path).type", "layer type \"\(type)\" is not supported (\(why)); the layer is not drawn")
            } else {
                log.error("\(path).type", "unknown layer type \"\(type)\"")
            }
            kind = .unsupported(type: type)
        }
        guard log.errors.count == errorsBefore else { return nil }
        var layer = StyleLayer(id: id, type: type, source: source, sourceLayer: sourceLayer, minZoom: minZoom, maxZoom: maxZoom,
                               filter: filter, visible: visible, kind: kind)
        layer.layoutKey = StyleValue.array(["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"]
            .map { object[$0] ?? .null }).json
        return layer
    }
}
