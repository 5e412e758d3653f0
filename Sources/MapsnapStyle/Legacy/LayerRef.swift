/// Legacy `ref` layers (style specification before v8's removal of them, still read by MapLibre's
/// `deref`): a layer with `"ref": "<id>"` takes its type, source, source layer, zoom range, filter
/// and layout from the layer it names, keeping its own id and paint.
enum LayerRef {
    /// The members a referring layer takes from the layer it names (MapLibre's `refProperties`).
    static let sharedMembers = ["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"]

    /// The layers with every `ref` resolved; a ref to a missing layer is left for the parser to
    /// report as a layer without its required members.
    static func resolve(_ layers: [StyleValue]) -> [StyleValue] {
        guard layers.contains(where: { $0.objectValue?["ref"] != nil }) else { return layers }
        var byID: [String: [String: StyleValue]] = [:]
        for case .object(let layer) in layers {
            if case .string(let id)? = layer["id"], byID[id] == nil { byID[id] = layer }
        }
        return layers.map { value in
            guard case .object(var layer) = value, case .string(let ref)? = layer["ref"], let parent = byID[ref] else { return value }
            for key in sharedMembers { layer[key] = parent[key] }
            layer["ref"] = nil
            return .object(layer)
        }
    }
}
