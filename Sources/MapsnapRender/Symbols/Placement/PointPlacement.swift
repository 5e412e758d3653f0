import MapsnapGeo
import MapsnapStyle

/// Placing a symbol at a point (points, polygons, point-placed lines, a shield's repeats): its
/// text at the first of its writing modes and variable anchors where it fits, its icon with it;
/// text and icon go together unless one is optional.
extension LabelPlacer {
    /// The label at a screen `anchor`, or nil when neither its text nor its icon fits.
    func placePoint(_ c: SymbolCandidate, at anchor: Point) -> PlacedLabel? {
        var c = c
        // MapLibre's shader measures a symbol's depth and turn at its translated anchor.
        let p = frame.translated(anchor, by: c.translate)
        if frame.perspective != nil {
            // Standing up but turning with the map: as the map's x axis appears at the anchor.
            // Lying on the map but aligned with the viewport: turned on the plane so that its x
            // axis comes out level on screen (the plane is the bearing's already; a roll turns it).
            func turn(onMap: Bool) -> Double {
                onMap ? (frame.camera.roll == 0 ? 0 : frame.levelOnScreen(at: p)) : frame.pitchedMapTurn(at: p)
            }
            if c.textTurnsWithMap != c.textOnMap { c.rotation += turn(onMap: c.textOnMap) }
            if var i = c.icon, i.turnsWithMap != i.onMap { i.rotation += turn(onMap: i.onMap); c.icon = i }
        }
        let inside = frame.labelFits
        // Text lying on a pitched map: laid out at its size around its point, then warped.
        let textWarp = c.textOnMap ? frame.planeWarp(at: p) : nil
        let scale = frame.symbolScale(at: p)
        let textScale = textWarp == nil ? scale : 1
        // Variable anchors on a pitched map: the box's warp at layout size, and the shift's scale.
        let variableOnMap = textWarp != nil && c.textPlacements.contains(where: \.variable)
            ? (warp: frame.planeWarp(at: p, planeScale: 1), shiftScale: frame.symbolScale(at: anchor)) : nil
        // text-padding scales with the label, as MapLibre's collision box (padding included) does.
        let padding = c.padding * textScale
        var text = textScale == 1 ? c.text : c.shapedAt(textScale, nil)
        // The text goes where it first fits among its writing modes and placements (else where
        // the first puts it). A vertical column is a line turned a quarter clockwise.
        var textBox: Rect?, textScreenBox: Rect?, textOrigin = Point(x: 0, y: 0), textFits = false
        var chosen: TextAnchor?, vertical = false
        // Text that cannot run vertically (no CJK, or no glyphs for it) stays horizontal.
        let column = c.writingModes.contains(.vertical) ? c.verticalText?(textScale) : nil
        let orientations = column == nil ? [false] : c.writingModes.map { $0 == .vertical }
        let horizontalText = text
        for (k, isVertical) in orientations.enumerated() where !textFits {
            guard let shaped = isVertical ? column : horizontalText else { continue }
            let b = shaped.bounds
            let rotation = c.rotation + (isVertical ? .pi / 2 : 0)
            // As MapLibre: every anchor is tried without overlapping first; a label that may
            // overlap takes, failing that, the first anchor where its overlap mode lets it.
            let modes: [OverlapMode] = c.overlap == .never ? [.never] : [.never, c.overlap]
            var found = false
            for mode in modes where !found {
                for (i, placement) in c.textPlacements.enumerated() {
                    // Where the anchor lies on the text box, as fractions of its width and height.
                    let (fx, fy) = placement.anchor.unitPoint
                    let offset = placement.offset * textScale
                    let pad = placement.variable ? 2 * padding : 0
                    var origin = Point(x: p.x + offset.x - fx * b.width + (0.5 - fx) * pad, y: p.y + offset.y - fy * b.height + (0.5 - fy) * pad)
                    if isVertical && placement.variable {
                        // MapLibre's `calculateVariableLayoutShift` on a column: the turned box,
                        // centred on the anchor, moves by its anchor and offset along the screen's axes.
                        let shift = Point(x: (0.5 - fx) * (b.height + pad) + offset.x, y: (0.5 - fy) * (b.width + pad) + offset.y)
                        origin = Point(x: p.x - b.width / 2, y: p.y - b.height / 2)
                            + shift.rotated(about: Point(x: 0, y: 0), by: -rotation)
                    }
                    let flat = Rect(minX: origin.x, minY: origin.y, maxX: origin.x + b.width, maxY: origin.y + b.height)
                    let box = flat.rotatedBounds(about: p, by: rotation)
                    let ownRotation = c.ownRotation + (isVertical ? .pi / 2 : 0)
                    // A variable anchor on a pitched map: MapLibre boxes the label on the map at
                    // its layout size (`_projectCollisionBox` skips the perspective size for a
                    // shifted box) and moves the drawn glyphs by the shift at the viewport's
                    // perspective size (`updateVariableAnchorsForBucket`), while the shader sizes
                    // them by the map's.
                    let shiftedOnMap = placement.variable && textWarp != nil
                    let screenBox = Rect.pointLabelCollisionBox(flat, padding: padding, pivot: p, ownRotation: ownRotation,
                                                                mapTurn: rotation - ownRotation,
                                                                warp: shiftedOnMap ? variableOnMap?.warp : textWarp)
                    if shiftedOnMap, let v = variableOnMap, let s = textWarp?.exact?.scale, s > 0 {
                        let center = Point(x: origin.x + b.width / 2, y: origin.y + b.height / 2)
                        origin = p + (center - p) * (v.shiftScale / s) - Point(x: b.width / 2, y: b.height / 2)
                    }
                    var fits = inside(screenBox) && !collides(screenBox, mode)
                    // An icon fitted to the text moves with it: the anchor must suit both (MapLibre).
                    if fits, c.textPlacements.count > 1, let i = c.icon, i.textFit != .none, !i.optional {
                        let warp = i.onMap ? frame.planeWarp(at: anchor) : nil
                        let icon = IconQuad(i, at: anchor, around: box, textRotation: c.rotation, scale: warp == nil ? scale : 1, warp: warp, in: frame)
                        fits = inside(icon.collisionBox) && !collides(icon.collisionBox, i.overlap)
                    }
                    if fits || (k == 0 && i == 0 && textBox == nil) {
                        // A vertical column's icon is fitted to the unturned line and turned with it.
                        textBox = isVertical ? flat : box
                        textScreenBox = screenBox
                        textOrigin = Point(x: origin.x - b.minX, y: origin.y - b.minY)
                        textFits = fits
                        chosen = placement.anchor
                        vertical = isVertical
                        text = shaped
                    }
                    if fits { found = true; break }
                }
            }
        }
        // The same block with its lines justified toward the anchor taken (a column stays left-justified).
        if let shaped = text, !vertical, c.justifiesToAnchor, let anchor = chosen,
           let justified = c.shapedAt(textScale, VariableTextAnchors.justification(of: anchor)) {
            textOrigin = textOrigin + Point(x: shaped.bounds.minX - justified.bounds.minX, y: shaped.bounds.minY - justified.bounds.minY)
            text = justified
        }
        if vertical, var i = c.icon { i.rotation += .pi / 2; i.ownRotation += .pi / 2; c.icon = i }
        // A pitched icon lying on the map: laid out flat around its anchor, then warped.
        let warp = c.icon.flatMap { $0.onMap ? frame.planeWarp(at: anchor) : nil }
        let iconScale = warp == nil ? scale : 1
        let layout = c.icon.map { IconQuad($0, at: anchor, around: textBox, textRotation: c.rotation, scale: iconScale, warp: warp, in: frame) }
        let iconBox = layout?.box, iconCells = layout?.cells, iconCollisionBox = layout?.collisionBox
        var iconFits = iconCollisionBox.map { box in
            inside(box) && !collides(box, c.icon?.overlap ?? .never)
        } ?? false
        // Text and icon go together unless one of them is optional (MapLibre's rule).
        if let icon = c.icon, text != nil {
            if textFits && !iconFits && !icon.optional { textFits = false }
            if iconFits && !textFits && !icon.textOptional { iconFits = false }
        }
        record(textScreenBox, placed: textFits)
        record(iconCollisionBox, placed: iconFits)
        guard textFits || iconFits else { return nil }
        if textFits, let box = textScreenBox, !c.ignorePlacement { take(box, c.overlap) }
        if iconFits, let box = iconCollisionBox, let i = c.icon, !i.ignorePlacement { take(box, i.overlap) }
        let placedIcon = iconFits && !c.iconHidden ? c.icon.map { i in
            let natural = (w: i.icon.pointWidth * i.size * iconScale, h: i.icon.pointHeight * i.size * iconScale)
            // MapLibre turns the icon's quad, offset included, about the anchor; the sprite is
            // drawn turned about its own centre, so that centre moves where the turn takes it.
            let center = Point(x: iconBox!.minX + iconBox!.width / 2, y: iconBox!.minY + iconBox!.height / 2)
            let turnedCenter = center.rotated(about: frame.translated(anchor, by: i.translate), by: i.rotation)
            return PlacedIcon(icon: i.icon, origin: Point(x: iconBox!.minX, y: iconBox!.minY) + (turnedCenter - center),
                              size: i.size * iconScale, opacity: i.opacity,
                              rotation: i.rotation, stretch: (iconBox!.width / natural.w, iconBox!.height / natural.h),
                              cells: iconCells, tint: i.tint,
                              warp: warp, linear: i.linear, columnTurn: vertical)
        } : nil
        let textRotation = c.rotation + (vertical ? .pi / 2 : 0)
        let shape: PlacedLabel.Shape = textRotation == 0 ? .block(origin: textOrigin)
            : .rotatedBlock(origin: textOrigin, pivot: p, angle: textRotation)
        var label = PlacedLabel(text: textFits ? text : nil, shape: shape, paint: c.paint, warp: textWarp, icon: placedIcon)
        if let e = textWarp?.exact {
            label.planeEdge = (e.scale, e.perspective.symbolGammaScale(atPlane: e.planePivot))
        }
        return label
    }
}
