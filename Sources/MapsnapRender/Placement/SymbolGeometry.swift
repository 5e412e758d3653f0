import Foundation
import MapsnapGeo
import MapsnapStyle

/// The geometry of symbol placement that does not depend on the frame: where text sits around its
/// anchor point, turned and stretched boxes.
extension LabelPlacer {
    /// `text-anchor` with `text-offset`, or each of `text-variable-anchor` in turn; with a
    /// variable anchor or a `text-radial-offset` the offset points away from the anchor, as in
    /// MapLibre (the radial offset along the anchor's direction, or text-offset's sizes signed
    /// by it). `text-variable-anchor-offset`, when set, replaces all of these with its anchors and
    /// their offsets as written. Offsets are in ems of the text size.
    static func textPlacements(anchor: TextAnchor, variable: [TextAnchor], offset: Point, radialOffset: Double?,
                               anchorOffsets: VariableAnchorOffsets?, size: Double) -> [TextPlacement] {
        // MapLibre measures a vertical offset from the baseline, which it takes to lie 7 px of its
        // 24 px em inside the text box: text above or below its point moves that much toward it.
        let baseline = 7 / GlyphShaping.oneEm
        if let entries = anchorOffsets?.entries, !entries.isEmpty {
            return entries.map { entry in
                let (_, fy) = anchorFractions(entry.anchor)
                let shift = fy == 0 ? -baseline : fy == 1 ? baseline : 0
                return TextPlacement(anchor: entry.anchor, offset: Point(x: entry.offset.x, y: entry.offset.y + shift) * size, variable: true)
            }
        }
        func directed(_ a: TextAnchor) -> Point {
            let (fx, fy) = anchorFractions(a)
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

    /// The axis-aligned bounds of `rect` turned clockwise by `angle` radians about `pivot`
    /// (collision boxes of rotated labels).
    static func rotatedBounds(_ rect: Rect, about pivot: Point, by angle: Double) -> Rect {
        guard angle != 0 else { return rect }
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map { $0.rotated(about: pivot, by: angle) }
        return Rect(minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!,
                    maxX: corners.map(\.x).max()!, maxY: corners.map(\.y).max()!)
    }

    /// `text-justify: auto`: lines flush with the side the anchor is on.
    static func justification(of anchor: TextAnchor) -> TextAlignment {
        switch anchor {
        case .left, .topLeft, .bottomLeft: .left
        case .right, .topRight, .bottomRight: .right
        case .center, .top, .bottom: .center
        }
    }

    static func anchorFractions(_ anchor: TextAnchor) -> (Double, Double) { anchor.unitPoint }

    /// An icon's box stretched to the text's (plus padding: top, right, bottom, left), in width,
    /// height or both; the other dimension keeps its size, centred on the text.
    static func fitted(_ icon: Rect, around text: Rect, _ fit: IconTextFit, padding: [Double]) -> Rect {
        let p = padding.count == 4 ? padding : [0, 0, 0, 0]
        let padded = Rect(minX: text.minX - p[3], minY: text.minY - p[0], maxX: text.maxX + p[1], maxY: text.maxY + p[2])
        // The sides that do not follow the text are centred on the text itself, padding aside
        // (MapLibre's fitIconToText).
        let cx = (text.minX + text.maxX) / 2, cy = (text.minY + text.maxY) / 2
        switch fit {
        case .none: return icon
        case .both: return padded
        case .width: return Rect(minX: padded.minX, minY: cy - icon.height / 2, maxX: padded.maxX, maxY: cy + icon.height / 2)
        case .height: return Rect(minX: cx - icon.width / 2, minY: padded.minY, maxX: cx + icon.width / 2, maxY: padded.maxY)
        }
    }

    /// A stretchable image fitted to its text (`box`, screen points): the box after the image's
    /// `textFitWidth`/`textFitHeight`, its parts, and the margins of the image outside its content
    /// box (MapLibre adds them to the icon's collision box).
    static func stretched(_ icon: SpriteSheet.Icon, _ image: StretchableImage, in box: Rect,
                          anchor: Point) -> (Rect, [NinePatch.Cell], Padding?) {
        let relative = NinePatch.applyTextFit(image, to: box.offsetBy(anchor * -1))
        let cells = NinePatch.cells(image, width: icon.width, height: icon.height, pixelRatio: icon.pixelRatio,
                                    box: (relative.width, relative.height), boxOrigin: Point(x: relative.minX, y: relative.minY))
        let margins = image.content.map { c in
            Padding(top: c.minY / icon.pixelRatio, right: icon.pointWidth - c.maxX / icon.pixelRatio,
                    bottom: icon.pointHeight - c.maxY / icon.pixelRatio, left: c.minX / icon.pixelRatio)
        }
        let fitted = relative.offsetBy(anchor)
        return (fitted, cells, margins)
    }

    /// A `[x, y]` style value as a point (zero when malformed).
    static func point(_ v: [Double]) -> Point { v.count == 2 ? Point(x: v[0], y: v[1]) : Point(x: 0, y: 0) }
}
