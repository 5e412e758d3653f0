import Foundation
import MapsnapGeo

/// Placing symbols along lines at MapLibre's anchors (`line` and `line-center`): text following
/// the line (taking MapLibre's collision circles along the line under it, `CollisionCircles`),
/// and icons without text turned with the line.
extension LabelPlacer {
    /// `symbol-placement: line` text at one of MapLibre's anchors (`SymbolAnchors`), which already
    /// passed MapLibre's `text-max-angle` check. Pitched, text lying on the map is laid out on the
    /// plane (`placeTextOnMap`); other text along the line as it appears on screen, at the size
    /// its distance gives it.
    func placeText(_ c: SymbolCandidate, at anchor: LineTextAnchor) -> PlacedLabel? {
        if c.textOnMap, let perspective = frame.perspective { return placeTextOnMap(c, anchor, perspective) }
        let line = anchor.screen, a = anchor.screenAt
        let scale = frame.symbolScale(at: line.locate(a).point)
        guard let text = scale == 1 ? c.text : c.shapedAt(scale, nil) else { return nil }
        return placeText(c, text, along: line, at: a, ratio: scale)
    }

    /// Line text lying on a pitched map, as MapLibre's `updateLineLabels` lays it with
    /// `pitchWithMap`: along the line on the plane at the label-plane size `size / r` (r, the
    /// perspective ratio `0.5 + 0.5 · D/w` at the anchor), each glyph then projected where it lies
    /// and drawn foreshortened, at the shader's plane size `size · (0.5 + 0.5 · w/D)`. A label
    /// whose ratio is under MapLibre's cutoff (0.6, far toward the horizon) is not placed.
    private func placeTextOnMap(_ c: SymbolCandidate, _ anchor: LineTextAnchor, _ perspective: Perspective) -> PlacedLabel? {
        let middle = anchor.plane.locate(anchor.planeAt).point
        let depthScale = perspective.scale(atPlane: middle)
        let ratio = 0.5 + 0.5 * depthScale
        guard ratio >= 0.6 else { return nil }
        let textScale = 1 / ratio
        guard let text = c.shapedAt(textScale, nil) else { return nil }
        guard let glyphs = LineGlyphs.place(text, along: anchor.plane, at: anchor.planeAt, keepUpright: c.keepTextUpright,
                                            offset: c.lineOffset * textScale, align: c.lineTextAlign, turnGlyphs: c.glyphsFollowLine,
                                            vertical: c.verticalText?(textScale), toScreen: perspective.screen(fromPlane:)) else { return nil }
        let drawScale = (0.5 + 0.5 / depthScale) / textScale
        let placed = glyphs.map { g in
            let center = perspective.screen(fromPlane: g.center) + c.translate
            let j = perspective.jacobian(atPlane: g.center)
            let warp = PlaneWarp(pivot: center, a: j.a * drawScale, b: j.b * drawScale, c: j.c * drawScale, d: j.d * drawScale)
            return PlacedLabel.GlyphPlacement(glyph: g.glyph, center: center, angle: g.angle, warp: warp)
        }
        // The circles' path lies on the plane; MapLibre drops them when a point is behind the camera.
        let planePath = LineGlyphs.path(text, along: anchor.plane, at: anchor.planeAt, offset: c.lineOffset * textScale,
                                        align: c.lineTextAlign)
        guard planePath.allSatisfy({ perspective.depth(atPlaneY: $0.y) > perspective.nearDepth }) else { return nil }
        let path = planePath.map { perspective.screen(fromPlane: $0) + c.translate }
        var label = claim(c, text, placed, path: path, ratio: ratio, anchorY: perspective.screen(fromPlane: middle).y)
        label?.planeEdge = (drawScale, perspective.symbolGammaScale(atPlane: middle))
        return label
    }

    /// The text's glyphs along `line` around `a` points from its start, drawn at the perspective
    /// `ratio` (1 without pitch), claimed by its collision circles.
    private func placeText(_ c: SymbolCandidate, _ text: ShapedText, along line: Polyline, at a: Double, ratio: Double) -> PlacedLabel? {
        guard let glyphs = LineGlyphs.place(text, along: line, at: a, keepUpright: c.keepTextUpright, offset: c.lineOffset,
                                            align: c.lineTextAlign, turnGlyphs: c.glyphsFollowLine,
                                            vertical: c.verticalText?(ratio))
        else { return nil }
        let moved = glyphs.map { PlacedLabel.GlyphPlacement(glyph: $0.glyph, center: $0.center + c.translate, angle: $0.angle) }
        let path = LineGlyphs.path(text, along: line, at: a, offset: c.lineOffset, align: c.lineTextAlign).map { $0 + c.translate }
        return claim(c, text, moved, path: path, ratio: ratio, anchorY: line.locate(a).point.y)
    }

    /// A line label whose glyphs are laid out takes MapLibre's collision circles along `path`
    /// (screen points; radius from the layout-size text at the perspective `ratio`, plus
    /// `text-padding`): placed when one circle is in the collision grid (a metatile keeps only
    /// labels wholly inside it) and, unless it may overlap, when none hits a placed shape.
    private func claim(_ c: SymbolCandidate, _ text: ShapedText, _ glyphs: [PlacedLabel.GlyphPlacement],
                       path: [Point], ratio: Double, anchorY: Double) -> PlacedLabel? {
        guard ratio >= 0.6 else { return nil }
        let radius = CollisionCircles.diameter(of: c.text ?? text) * 0.5 * ratio + c.padding
        let circles = CollisionCircles.along(path, radius: radius, clipTo: frame.labelsMayCrossEdges ? frame.labelArea : nil)
        guard frame.labelsMayCrossEdges ? circles.contains(where: { frame.labelFits($0.bounds) })
                                        : !circles.isEmpty && circles.allSatisfy({ frame.labelFits($0.bounds) }) else { return nil }
        let fits = !circles.contains { collides($0, c.overlap) }
        record(circles, placed: fits)
        guard fits else { return nil }
        if !c.ignorePlacement { circles.forEach { take($0, c.overlap) } }
        var label = PlacedLabel(text: text, shape: .alongLine(glyphs), paint: c.paint)
        label.anchorY = anchorY
        return label
    }

    /// One icon on a line at `p` (screen), turned with the line: its box (MapLibre's icon box,
    /// not turned) must fit and, unless it may overlap, miss every placed box.
    func placeIcon(_ c: SymbolCandidate, at p: Point, angle: Double) -> PlacedLabel? {
        guard let icon = c.icon else { return nil }
        let scale = frame.symbolScale(at: p)
        let w = icon.icon.pointWidth * icon.size * scale, h = icon.icon.pointHeight * icon.size * scale
        let box = Rect(minX: p.x - w / 2, minY: p.y - h / 2, maxX: p.x + w / 2, maxY: p.y + h / 2).padded(icon.padding)
        guard frame.labelFits(box) else { return nil }
        let fits = !collides(box, icon.overlap)
        record(box, placed: fits)
        guard fits else { return nil }
        if !icon.ignorePlacement { take(box, icon.overlap) }
        // icon-keep-upright: an icon pointing left along the line is turned half a turn.
        let upsideDown = c.keepIconUpright && abs(remainder(angle, 2 * .pi)) > .pi / 2
        let turn = icon.followsLine ? angle + (upsideDown ? .pi : 0) : 0
        let placed = PlacedIcon(icon: icon.icon, origin: Point(x: p.x - w / 2, y: p.y - h / 2), size: icon.size * scale,
                                opacity: icon.opacity, rotation: turn + icon.rotation, tint: icon.tint,
                                linear: icon.linear)
        var label = PlacedLabel(text: nil, shape: .block(origin: p), paint: c.paint, icon: placed)
        label.anchorY = p.y
        return label
    }
}
