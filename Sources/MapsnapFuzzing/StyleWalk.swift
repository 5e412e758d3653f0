import MapsnapGeo
import MapsnapStyle

/// Evaluates everything a style layer declares, as painters and label placement would: the
/// filter (compiled and as an expression) and every paint and layout property, at every sample
/// zoom for every sample feature. The properties are found by reflection, so a property added
/// to a layer type is fuzzed without touching this file.
enum StyleWalk {
    static func evaluate(_ layer: StyleLayer) {
        for zoom in SampleFeatures.zooms {
            _ = layer.isVisible(atZoom: zoom)
            for feature in SampleFeatures.features {
                if let filter = layer.filter {
                    if let feature { _ = filter.matches(feature, zoom: zoom) }
                    _ = try? filter.expression.evaluate(EvaluationContext(zoom: zoom, feature: feature))
                }
                switch layer.kind {
                case .background(let l): evaluateProperties(of: l, zoom: zoom, feature: feature)
                case .fill(let l): evaluateProperties(of: l, zoom: zoom, feature: feature)
                case .line(let l): evaluateProperties(of: l, zoom: zoom, feature: feature)
                case .symbol(let l): evaluateProperties(of: l, zoom: zoom, feature: feature)
                case .circle(let l): evaluateProperties(of: l, zoom: zoom, feature: feature)
                case .unsupported: break
                }
            }
        }
    }

    /// Every stored `StyleProperty` of `layer` (optional ones when set), one level of nested
    /// structs included.
    private static func evaluateProperties(of layer: Any, zoom: Double, feature: (any Feature)?, depth: Int = 0) {
        for child in Mirror(reflecting: layer).children {
            if let property = child.value as? any EvaluableProperty {
                property.evaluateOnce(zoom: zoom, feature: feature)
            } else if depth < 1, Mirror(reflecting: child.value).displayStyle == .struct {
                evaluateProperties(of: child.value, zoom: zoom, feature: feature, depth: depth + 1)
            }
        }
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
