/// A source's `promoteId`: the property whose value identifies a feature for its state
/// (`setFeatureState`), one name for every source layer or one per source layer.
public struct PromoteID: Sendable, Hashable {
    public var everyLayer: String?
    public var byLayer: [String: String] = [:]

    /// The property that identifies features of `sourceLayer`; nil: their own ids do.
    public func property(forLayer sourceLayer: String) -> String? { everyLayer ?? byLayer[sourceLayer] }

    /// A string, or an object of source layer → property name; nil for anything else.
    init?(_ value: StyleValue) {
        switch value {
        case .string(let name): everyLayer = name
        case .object(let members):
            for (layer, name) in members {
                guard case .string(let property) = name else { return nil }
                byLayer[layer] = property
            }
        default: return nil
        }
    }
}
