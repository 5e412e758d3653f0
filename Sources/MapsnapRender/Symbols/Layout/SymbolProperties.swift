import MapsnapGeo
import MapsnapStyle

/// Symbol layout properties whose meaning takes more than evaluating them: fallbacks between
/// properties and `auto` values that depend on others.
enum SymbolProperties {
    /// `icon-overlap`/`text-overlap` when set, else `*-allow-overlap` (true: `always`).
    static func overlap(_ mode: PossiblyEvaluatedProperty<OverlapMode>?, _ allow: PossiblyEvaluatedProperty<Bool>,
                        feature: any Feature) -> OverlapMode {
        if let mode { return mode.evaluate(for: feature) }
        return allow.evaluate(for: feature) ? .always : .never
    }

    /// Whether a symbol lies on a pitched map: `*-pitch-alignment: map`, or `auto` with a rotation
    /// alignment of `map` (`auto` rotation: `map` along lines, `viewport` at points).
    static func liesOnMap(pitch: Alignment, rotation: Alignment, alongLine: Bool) -> Bool {
        let turnsWithMap = rotation == .map || (rotation == .auto && alongLine)
        return pitch == .map || (pitch == .auto && turnsWithMap)
    }

    /// MapLibre's `getAnchorAlignment`: where a text block sits on its anchor (x 0 left … 1
    /// right, y 0 top … 1 bottom).
    static func alignment(of anchor: TextAnchor) -> Point {
        let x: Double = switch anchor { case .left, .topLeft, .bottomLeft: 0; case .right, .topRight, .bottomRight: 1; default: 0.5 }
        let y: Double = switch anchor { case .top, .topLeft, .topRight: 0; case .bottom, .bottomLeft, .bottomRight: 1; default: 0.5 }
        return Point(x: x, y: y)
    }

    /// `text-rotation-alignment` as an alignment: `viewport-glyph` turns with the viewport.
    static func alignment(_ rotation: TextRotationAlignment) -> Alignment {
        switch rotation {
        case .map: .map
        case .auto: .auto
        case .viewport, .viewportGlyph: .viewport
        }
    }

    /// A `[x, y]` style value as a point (zero when malformed).
    static func point(_ v: [Double]) -> Point { v.count == 2 ? Point(x: v[0], y: v[1]) : Point(x: 0, y: 0) }
}
