import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// The feature states of one render (`MapRenderer.Options.featureStates`) with the style's
/// `promoteId` rules: which state, if any, a decoded feature has.
struct FeatureStateLookup {
    let states: FeatureStates
    /// The sources' `promoteId`, by source name.
    let promoteIDs: [String: PromoteID]

    init(states: FeatureStates, style: StyleDocument) {
        self.states = states
        var promoteIDs: [String: PromoteID] = [:]
        for (name, source) in style.sources {
            switch source {
            case .vector(let v): promoteIDs[name] = v.promoteID
            case .geojson(let g): promoteIDs[name] = g.promoteID
            default: break
            }
        }
        self.promoteIDs = promoteIDs
    }

    /// The feature as the style reads it: with its state when it has one. `sourceLayer` is empty
    /// for a GeoJSON source, as its states are keyed.
    func feature(_ feature: VectorTileFeature, source: String, sourceLayer: String) -> any Feature {
        guard let byID = states.states(source: source, sourceLayer: sourceLayer) else { return feature }
        let id = promoteIDs[source]?.property(forLayer: sourceLayer).map { feature.property($0) } ?? feature.id
        guard let id, let state = byID[id.description] else { return feature }
        return StatefulFeature(base: feature, values: state)
    }
}

/// A feature with a state (`["feature-state", key]` reads it); everything else is the feature's.
struct StatefulFeature: Feature {
    let base: VectorTileFeature
    let values: FeatureStates.State
    var geometryType: GeometryType { base.geometryType }
    var id: FeatureValue? { base.id }
    func property(_ key: String) -> FeatureValue? { base.property(key) }
    var properties: [String: FeatureValue] { base.properties }
    func state(_ key: String) -> FeatureValue? { values[key] }
    func worldGeometry() -> WorldGeometry? { base.worldGeometry() }
}
