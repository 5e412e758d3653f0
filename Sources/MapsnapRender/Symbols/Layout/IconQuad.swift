import MapsnapGeo
import MapsnapStyle

/// Where a point symbol's icon goes (MapLibre's icon quad): its box (screen points, before
/// icon-rotate), the parts of a stretched image, and the box it takes in the collision index.
struct IconQuad {
    let box: Rect
    let cells: [NinePatch.Cell]?
    let collisionBox: Rect

    /// `icon` at a screen `anchor`, fitted to `textBox` when `icon-text-fit` asks and the text is
    /// not turned (`textRotation`), at `scale`; pitched, lying on the map through `warp`.
    init(_ i: SymbolCandidate.Icon, at anchor: Point, around textBox: Rect?, textRotation: Double, scale: Double,
         warp: PlaneWarp?, in frame: RenderFrame) {
        let w = i.icon.pointWidth * i.size * scale, h = i.icon.pointHeight * i.size * scale
        let (fx, fy) = i.anchor.unitPoint
        let base = frame.translated(anchor, by: i.translate)
        let x = base.x + i.offset.x * scale - fx * w, y = base.y + i.offset.y * scale - fy * h
        var box = Rect(minX: x, minY: y, maxX: x + w, maxY: y + h)
        var cells: [NinePatch.Cell]?
        var contentMargins: Padding?
        // icon-text-fit: the icon stretched around the text (a road shield's plate).
        if i.textFit != .none, let t = textBox, textRotation == 0 {
            // Around the text, moved by icon-offset (the icon's anchor no longer applies).
            box = Self.fitted(box, around: t, i.textFit, padding: i.textFitPadding).offsetBy(i.offset * scale)
            if let stretchable = i.icon.stretchable {
                (box, cells, contentMargins) = Self.stretched(i.icon, stretchable, in: box, anchor: base)
            }
        }
        let turned = box.rotatedBounds(about: Point(x: box.minX + box.width / 2, y: box.minY + box.height / 2), by: i.rotation)
        let screenBox = (warp?.bounds(turned) ?? box).padded(contentMargins)
        // What the icon takes: its box grown by icon-padding, then, as MapLibre accounts for
        // icon-rotate (not the map's bearing), the bounds of that box turned about the anchor.
        // icon-padding scales with the icon (pitched: by its size at the anchor), as MapLibre's box does.
        var collisionBox = screenBox.padded(i.padding * scale)
        if warp == nil, i.ownRotation != 0 {
            collisionBox = collisionBox.rotatedBounds(about: base, by: i.ownRotation)
        }
        (self.box, self.cells, self.collisionBox) = (box, cells, collisionBox)
    }

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
}
