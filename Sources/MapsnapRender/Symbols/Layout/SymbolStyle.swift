import Foundation
import MapsnapGeo
import MapsnapStyle

/// A symbol layer's properties for one frame (the generated possibly-evaluated phase, read as
/// `style.textSize`, …), each at the zoom MapLibre evaluates it at: the properties its layout
/// reads when it builds a tile's symbols (text, fonts, offsets, anchors, rotation, spacing, the
/// icon's image…) at the tile's zoom, the integer zoom below the frame's (MapLibre's bucket
/// zoom); the others (sizes, collision and alignment settings, paint) at the frame's zoom, as its
/// placement and drawing read them. Plus the two that are read otherwise: `text-field` as
/// written, because a `format` expression gives sections (fonts, scales, colours) and not only a
/// string, and `text-size` at zoom 18, MapLibre's layout size for spacing the anchors of line labels.
@dynamicMemberLookup
struct SymbolStyle {
    let atZoom: SymbolLayer.PossiblyEvaluated
    /// The zoom `text-field` and the other layout-time properties are evaluated at.
    let layoutZoom: Double
    private let atLayoutZoom: SymbolLayer.PossiblyEvaluated?
    let textField: StyleProperty<String>?
    let textSizeAtZoom18: PossiblyEvaluatedProperty<Double>

    init(_ layer: SymbolLayer, zoom: Double) {
        atZoom = layer.possiblyEvaluated(atZoom: zoom)
        layoutZoom = zoom.isFinite ? zoom.rounded(.down) : zoom
        atLayoutZoom = layoutZoom == zoom ? nil : layer.possiblyEvaluated(atZoom: layoutZoom)
        textField = layer.textField
        textSizeAtZoom18 = PossiblyEvaluatedProperty(layer.textSize, zoom: 18)
    }

    /// The properties MapLibre's symbol layout evaluates at the tile's zoom (worker side); the
    /// rest are evaluated again for each frame. (Key paths are immutable values; the set is never
    /// written after it is made.)
    nonisolated(unsafe) private static let evaluatedAtLayoutZoom: Set<PartialKeyPath<SymbolLayer.PossiblyEvaluated>> = [
        \.textFont, \.textTransform, \.textRotate, \.textLetterSpacing, \.textMaxWidth, \.textLineHeight,
        \.textOffset, \.textRadialOffset, \.textAnchor, \.textJustify, \.textVariableAnchor, \.textVariableAnchorOffset,
        \.textWritingMode, \.textMaxAngle, \.spacing, \.sortKey,
        \.iconImage, \.iconRotate, \.iconOffset, \.iconAnchor, \.iconTextFit, \.iconTextFitPadding,
    ]

    subscript<T>(dynamicMember keyPath: KeyPath<SymbolLayer.PossiblyEvaluated, T>) -> T {
        if let atLayoutZoom, Self.evaluatedAtLayoutZoom.contains(keyPath) { return atLayoutZoom[keyPath: keyPath] }
        return atZoom[keyPath: keyPath]
    }
}
