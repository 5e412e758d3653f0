import Foundation
import MapsnapGeo
import MapsnapStyle

/// A symbol layer's properties for one frame (the generated possibly-evaluated phase), each at
/// the zoom MapLibre evaluates it at:
/// - `style.layout.textFont`, …: what MapLibre's symbol layout reads when it builds a tile's
///   symbols (text, fonts, offsets, anchors, rotation, spacing, the icon's image…), at the tile's
///   zoom, the integer zoom below the frame's (MapLibre's bucket zoom);
/// - `style.textSize`, …: the others (sizes, collision and alignment settings, paint), at the
///   frame's zoom, as its placement and drawing read them;
/// - `text-field` as written, because a `format` expression gives sections (fonts, scales,
///   colours) and not only a string (evaluated at `layoutZoom`), and `text-size` at zoom 18,
///   MapLibre's layout size for spacing the anchors of line labels.
@dynamicMemberLookup
struct SymbolStyle {
    let atZoom: SymbolLayer.PossiblyEvaluated
    /// The properties at the tile's zoom.
    let layout: AtZoom
    /// The zoom `text-field` and `layout` are evaluated at.
    let layoutZoom: Double
    let textField: StyleProperty<String>?
    let textSizeAtZoom18: PossiblyEvaluatedProperty<Double>
    /// `text-size` a zoom above the tile's: MapLibre measures images in text at it for line breaking.
    let textSizeAboveLayoutZoom: PossiblyEvaluatedProperty<Double>
    /// Whether `text-size` changes with zoom (MapLibre's camera and composite sizes).
    let textSizeDependsOnZoom: Bool

    init(_ layer: SymbolLayer, zoom: Double) {
        atZoom = layer.possiblyEvaluated(atZoom: zoom)
        layoutZoom = zoom.isFinite ? zoom.rounded(.down) : zoom
        layout = AtZoom(properties: layoutZoom == zoom ? atZoom : layer.possiblyEvaluated(atZoom: layoutZoom))
        textField = layer.textField
        textSizeAtZoom18 = PossiblyEvaluatedProperty(layer.textSize, zoom: 18)
        textSizeAboveLayoutZoom = PossiblyEvaluatedProperty(layer.textSize, zoom: layoutZoom + 1)
        textSizeDependsOnZoom = layer.textSize.dependsOnZoom
    }

    subscript<T>(dynamicMember keyPath: KeyPath<SymbolLayer.PossiblyEvaluated, T>) -> T { atZoom[keyPath: keyPath] }

    /// The layer's properties evaluated at one zoom, read by name.
    @dynamicMemberLookup
    struct AtZoom {
        let properties: SymbolLayer.PossiblyEvaluated
        subscript<T>(dynamicMember keyPath: KeyPath<SymbolLayer.PossiblyEvaluated, T>) -> T { properties[keyPath: keyPath] }
    }
}
