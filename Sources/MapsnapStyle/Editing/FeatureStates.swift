import Foundation
import MapsnapFormats
import MapsnapGeo

/// The state of features, set at run time (MapLibre's `setFeatureState`) and read by
/// `["feature-state", key]` in paint properties: by source, source layer (empty for GeoJSON
/// sources) and feature id. Ids are compared as text, as MapLibre compares them (`String(id)`),
/// so a state set for `"1"` is the state of the feature whose id is the number 1.
public struct FeatureStates: Sendable, Equatable {
    public typealias State = [String: FeatureValue]
    private var states: [String: [String: [String: State]]] = [:]

    public init() {}

    public var isEmpty: Bool { states.isEmpty }

    /// The states of one source layer's features, by id; nil when none has a state.
    public func states(source: String, sourceLayer: String) -> [String: State]? {
        states[source]?[sourceLayer]
    }

    /// Merges `state` into the feature's (a member set to null is removed).
    public mutating func set(source: String, sourceLayer: String, id: String, _ state: [String: StyleValue]) {
        var current = states[source]?[sourceLayer]?[id] ?? [:]
        for (key, value) in state { current[key] = Self.featureValue(value) }
        states[source, default: [:]][sourceLayer, default: [:]][id] = current.isEmpty ? nil : current
    }

    /// Removes one member of a feature's state, a feature's whole state (`key` nil), or every
    /// state of the source layer (`id` nil).
    public mutating func remove(source: String, sourceLayer: String, id: String?, key: String?) {
        guard let id else {
            states[source]?[sourceLayer] = nil
            return
        }
        if let key {
            states[source]?[sourceLayer]?[id]?[key] = nil
            if states[source]?[sourceLayer]?[id]?.isEmpty == true { states[source]?[sourceLayer]?[id] = nil }
        } else {
            states[source]?[sourceLayer]?[id] = nil
        }
    }

    /// A state value as a feature's value; nil for null.
    static func featureValue(_ value: StyleValue) -> FeatureValue? {
        switch value {
        case .null: return nil
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .color(let c): return .string(c.description)
        case .array, .object: return (try? JSONValue.parse(Data(value.json.utf8))).map { .json($0) }
        }
    }
}
