import MapsnapGeo
import MapsnapStyle

/// Evaluates everything a style layer declares, as painters and label placement would: the
/// filter (compiled and as an expression) and every paint and layout property, at every sample
/// zoom for every sample feature. The properties are found by reflection, so a property added
/// to a layer type is fuzzed without touching this file.
enum StyleWalk {
    static func evaluate(_ layer: StyleLayer) {
        let properties = layer.kind.properties.map { Self.properties(of: $0) } ?? []
        for zoom in SampleFeatures.zooms {
            _ = layer.isVisible(atZoom: zoom)
            for feature in SampleFeatures.features {
                if let filter = layer.filter {
                    if let feature { _ = filter.matches(feature, zoom: zoom) }
                    _ = try? filter.expression.evaluate(EvaluationContext(zoom: zoom, feature: feature))
                }
                for property in properties { property.evaluateOnce(zoom: zoom, feature: feature) }
            }
        }
    }

    /// Every stored `StyleProperty` of `layer` (optional ones when set), one level of nested
    /// structs included. Reflected once per layer: reflection costs more than evaluating.
    private static func properties(of layer: Any, depth: Int = 0) -> [any EvaluableProperty] {
        var found: [any EvaluableProperty] = []
        for child in Mirror(reflecting: layer).children {
            if let property = child.value as? any EvaluableProperty {
                found.append(property)
            } else if depth < 1, Mirror(reflecting: child.value).displayStyle == .struct {
                found += properties(of: child.value, depth: depth + 1)
            }
        }
        return found
    }
}

/// A property that can be evaluated without knowing its value type.
private protocol EvaluableProperty {
    func evaluateOnce(zoom: Double, feature: (any Feature)?)
}

extension StyleProperty: EvaluableProperty {
    fileprivate func evaluateOnce(zoom: Double, feature: (any Feature)?) {
        _ = evaluate(zoom: zoom, feature: feature)
    }
}
