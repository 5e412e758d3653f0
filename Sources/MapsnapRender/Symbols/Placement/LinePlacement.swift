import Foundation
import MapsnapGeo

/// Placing symbols along lines: text following the line (a square box per glyph, so that a label
/// on a bending line takes only the space it covers), and icons without text at MapLibre's
/// anchors or every `symbol-spacing`.
extension LabelPlacer {
    /// `line-center` text: at the middle of the whole line as its tile holds it (buffer
    /// included), as MapLibre's `getCenterAnchor` puts it, if it fits there.
    func placeAlong(_ c: SymbolCandidate, _ line: Polyline) -> [PlacedLabel] {
        guard c.text != nil else { return placeIconsAlong(c, line) }
        // Pitched: the label's size where the line's middle lies.
        let middle = line.length / 2
        let scale = frame.symbolScale(at: line.locate(middle).point)
        guard let text = scale == 1 ? c.text : c.shapedAt(scale, nil) else { return [] }
        guard line.length > text.lineAdvance + 2 * c.padding else { return [] }
        return placeText(c, text, along: line, at: middle, maxAngle: c.maxAngle).map { [$0] } ?? []
    }

    /// `symbol-placement: line` text at one of MapLibre's anchors (`SymbolAnchors`), which already
    /// passed MapLibre's `text-max-angle` check. Pitched, text lying on the map is laid out on the
    /// plane (`placeTextOnMap`); other text along the line as it appears on screen, at the size
    /// its distance gives it.
    func placeText(_ c: SymbolCandidate, at anchor: LineTextAnchor) -> PlacedLabel? {
        if c.textOnMap, let perspective = frame.perspective { return placeTextOnMap(c, anchor, perspective) }
        let line = anchor.screen, a = anchor.screenAt
        let scale = frame.symbolScale(at: line.locate(a).point)
        guard let text = scale == 1 ? c.text : c.shapedAt(scale, nil) else { return nil }
        let margin = text.lineAdvance / 2
        guard a - margin >= 0, a + margin <= line.length else { return nil }
        return placeText(c, text, along: line, at: a, maxAngle: .infinity)
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
        let margin = text.lineAdvance / 2
        guard anchor.planeAt - margin >= 0, anchor.planeAt + margin <= anchor.plane.length,
              let glyphs = LineGlyphs.place(text, along: anchor.plane, at: anchor.planeAt, keepUpright: c.keepTextUpright,
                                            offset: c.lineOffset * textScale, maxAngle: .infinity) else { return nil }
        let drawScale = (0.5 + 0.5 / depthScale) / textScale
        var placed: [PlacedLabel.GlyphPlacement] = []
        var boxes: [Rect] = []
        for g in glyphs {
            let center = perspective.screen(fromPlane: g.center) + c.translate
            let j = perspective.jacobian(atPlane: g.center)
            let warp = PlaneWarp(pivot: center, a: j.a * drawScale, b: j.b * drawScale, c: j.c * drawScale, d: j.d * drawScale)
            let half = text.fontSize * 0.5 * drawScale * abs(j.a * j.d - j.b * j.c).squareRoot() + c.padding
            boxes.append(Rect(minX: center.x - half, minY: center.y - half, maxX: center.x + half, maxY: center.y + half))
            placed.append(PlacedLabel.GlyphPlacement(glyph: g.glyph, center: center, angle: g.angle, warp: warp))
        }
        return claim(c, text, placed, boxes: boxes, anchorY: perspective.screen(fromPlane: middle).y)
    }

    /// The text's glyphs along `line` around `a` points from its start, if one reaches into the
    /// frame's label area and (unless they may overlap) none hits a placed box: a square box per glyph.
    private func placeText(_ c: SymbolCandidate, _ text: ShapedText, along line: Polyline, at a: Double, maxAngle: Double) -> PlacedLabel? {
        guard let glyphs = LineGlyphs.place(text, along: line, at: a, keepUpright: c.keepTextUpright,
                                             offset: c.lineOffset, maxAngle: maxAngle) else { return nil }
        let half = text.fontSize * 0.5 + c.padding
        let boxes = glyphs.map { g in
            Rect(minX: g.center.x - half, minY: g.center.y - half, maxX: g.center.x + half, maxY: g.center.y + half)
        }
        let moved = glyphs.map { PlacedLabel.GlyphPlacement(glyph: $0.glyph, center: $0.center + c.translate, angle: $0.angle) }
        return claim(c, text, moved, boxes: boxes, anchorY: line.locate(a).point.y)
    }

    /// A line label whose glyphs have their boxes: placed when one box is in the collision grid
    /// (the image and its padding), as MapLibre's collision circles are (a metatile keeps only
    /// labels wholly inside it), and, unless it may overlap, when none hits a placed box.
    private func claim(_ c: SymbolCandidate, _ text: ShapedText, _ glyphs: [PlacedLabel.GlyphPlacement],
                       boxes: [Rect], anchorY: Double) -> PlacedLabel? {
        guard frame.labelsMayCrossEdges ? boxes.contains(where: frame.labelFits) : boxes.allSatisfy(frame.labelFits) else { return nil }
        let fits = !collides(boxes, c.overlap)
        boxes.forEach { record($0, placed: fits) }
        guard fits else { return nil }
        if !c.ignorePlacement { take(boxes, c.overlap) }
        var label = PlacedLabel(text: text, shape: .alongLine(glyphs), paint: c.paint)
        label.anchorY = anchorY
        return label
    }

    /// Icons without text along a line (one-way arrows): every `symbol-spacing`, turned with the
    /// line plus `icon-rotate`.
    func placeIconsAlong(_ c: SymbolCandidate, _ line: Polyline) -> [PlacedLabel] {
        line.clipped(to: frame.labelArea).flatMap { run in
            run.spacedPoints(every: c.spacing).compactMap { placeIcon(c, at: $0.point, angle: $0.angle) }
        }
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
        let placed = PlacedIcon(icon: icon.icon, origin: Point(x: p.x - w / 2, y: p.y - h / 2), size: icon.size * scale,
                                opacity: icon.opacity, rotation: angle + icon.rotation + (upsideDown ? .pi : 0), tint: icon.tint,
                                linear: icon.linear)
        var label = PlacedLabel(text: nil, shape: .block(origin: p), paint: c.paint, icon: placed)
        label.anchorY = p.y
        return label
    }
}
