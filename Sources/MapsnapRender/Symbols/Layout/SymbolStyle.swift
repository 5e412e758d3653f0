import MapsnapGeo
import MapsnapStyle

/// A symbol layer's properties for one frame: each at the frame's zoom (the generated
/// possibly-evaluated phase, read as `style.textSize`, …), plus the two that are read otherwise:
/// `text-field` as written, because a `format` expression gives sections (fonts, scales, colours)
/// and not only a string, and `text-size` at zoom 18, MapLibre's layout size for spacing the anchors
/// of line labels.
@dynamicMemberLookup
struct SymbolStyle {
    let atZoom: SymbolLayer.PossiblyEvaluated
    let textField: StyleProperty<String>?
    let textSizeAtZoom18: PossiblyEvaluatedProperty<Double>

    init(_ layer: SymbolLayer, zoom: Double) {
        atZoom = layer.possiblyEvaluated(atZoom: zoom)
        textField = layer.textField
        textSizeAtZoom18 = PossiblyEvaluatedProperty(layer.textSize, zoom: 18)
    }

    subscript<T>(dynamicMember keyPath: KeyPath<SymbolLayer.PossiblyEvaluated, T>) -> T { atZoom[keyPath: keyPath] }
}
