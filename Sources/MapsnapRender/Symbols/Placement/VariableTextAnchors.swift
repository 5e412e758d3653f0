import MapsnapGeo
import MapsnapStyle

/// Where text may sit around its anchor point: `text-anchor` with its offset, or the anchors of
/// `text-variable-anchor` (`text-variable-anchor-offset`) that placement tries in turn, taking the
/// first where the label fits (MapLibre's variable text anchors).
struct TextPlacement {
    let anchor: TextAnchor
    let offset: Point
    /// One of several anchors to try: MapLibre then shifts the text by its padded box, so that
    /// it lies `text-padding` further from the point.
    var variable = false
}

enum VariableTextAnchors {
    /// `text-anchor` with `text-offset`, or each of `text-variable-anchor` in turn; with a
    /// variable anchor or a `text-radial-offset` the offset points away from the anchor, as in
    /// MapLibre (the radial offset along the anchor's direction, or text-offset's sizes signed
    /// by it). `text-variable-anchor-offset`, when set, replaces all of these with its anchors and
    /// their offsets as written. Offsets are in ems of the text size.
    static func placements(anchor: TextAnchor, variable: [TextAnchor], offset: Point, radialOffset: Double?,
                           anchorOffsets: VariableAnchorOffsets?, size: Double) -> [TextPlacement] {
        // MapLibre measures a vertical offset from the baseline, which it takes to lie 7 px of its
        // 24 px em inside the text box: text above or below its point moves that much toward it.
        let baseline = 7 / GlyphShaping.oneEm
        if let entries = anchorOffsets?.entries, !entries.isEmpty {
            return entries.map { entry in
                let (_, fy) = entry.anchor.unitPoint
                let shift = fy == 0 ? -baseline : fy == 1 ? baseline : 0
                return TextPlacement(anchor: entry.anchor, offset: Point(x: entry.offset.x, y: entry.offset.y + shift) * size, variable: true)
            }
        }
        func directed(_ a: TextAnchor) -> Point {
            let (fx, fy) = a.unitPoint
            // +1 when the text lies right of / below the point, −1 left of / above it.
            let sx = 1 - 2 * fx, sy = 1 - 2 * fy
            if let radialOffset {
                let r = max(radialOffset, 0)
                let diagonal = sx != 0 && sy != 0
                let d = diagonal ? r / 2.0.squareRoot() : r
                return Point(x: sx * d * size, y: sy * (d - baseline) * size)
            }
            return Point(x: sx * abs(offset.x) * size, y: sy * (abs(offset.y) - baseline) * size)
        }
        if !variable.isEmpty { return variable.map { TextPlacement(anchor: $0, offset: directed($0), variable: true) } }
        if let radialOffset, radialOffset > 0 { return [TextPlacement(anchor: anchor, offset: directed(anchor))] }
        return [TextPlacement(anchor: anchor, offset: offset * size)]
    }

    /// `text-justify: auto`: lines flush with the side the anchor is on (MapLibre shapes the text
    /// once per justification and takes the one of the anchor placed).
    static func justification(of anchor: TextAnchor) -> TextAlignment {
        switch anchor {
        case .left, .topLeft, .bottomLeft: .left
        case .right, .topRight, .bottomRight: .right
        case .center, .top, .bottom: .center
        }
    }
}
