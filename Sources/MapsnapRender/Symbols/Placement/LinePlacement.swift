import Foundation
import MapsnapGeo

/// Placing symbols along lines: text following the line (a square box per glyph, so that a label
/// on a bending line takes only the space it covers), and icons without text at MapLibre's
/// anchors or every `symbol-spacing`.
extension LabelPlacer {
    /// The copies of a label along one line: the middle first, then further out, each where it
    /// fits and a repeat distance from every copy of the same text already placed.
    func placeAlong(_ c: SymbolCandidate, _ line: Polyline) -> [PlacedLabel] {
        guard c.text != nil else { return placeIconsAlong(c, line) }
        // Pitched: the label's size where the line's middle lies.
        let scale = frame.symbolScale(at: line.locate(line.length / 2).point)
        guard let text = scale == 1 ? c.text : c.shapedAt(scale, nil) else { return [] }
        let labelLength = text.lineAdvance
        let margin = labelLength / 2 + c.padding
        var out: [PlacedLabel] = []
        let repeatDistance = max(c.spacing, 250)
        // Only the part of the line inside the frame can carry a label; `line-center` takes the
        // middle of the whole line as its tile holds it (buffer included), as MapLibre does.
        let runs = c.placement == .lineCenter ? [line] : line.clipped(to: frame.placementBounds)
        for run in runs where run.length > labelLength + 2 * c.padding {
            let length = run.length
            // Candidate centers every few points, the middle first: that is where a reader expects the name.
            // Further copies go only where they are a repeat distance from every copy already placed.
            let step = max(8, text.fontSize)
            var anchors: [Double] = []
            var a = length / 2
            anchors.append(a)
            var k = 1.0
            while true {
                a = length / 2 + k * step
                guard a + margin <= length else { break }
                anchors.append(a)
                anchors.append(length - a)
                k += 1
            }
            if c.placement == .lineCenter { anchors = [length / 2] }
            for a in anchors where a - margin >= 0 && a + margin <= length {
                let mid = run.locate(a).point
                if let others = lineLabelCenters[c.string], others.contains(where: { ($0 - mid).length < repeatDistance }) {
                    continue
                }
                guard let glyphs = LineGlyphs.place(text, along: run, at: a, keepUpright: c.keepTextUpright,
                                                     offset: c.lineOffset, maxAngle: c.maxAngle) else { continue }
                let half = text.fontSize * 0.5 + c.padding
                let boxes = glyphs.map { g in
                    Rect(minX: g.center.x - half, minY: g.center.y - half, maxX: g.center.x + half, maxY: g.center.y + half)
                }
                guard boxes.allSatisfy(frame.placementBounds.contains) else { continue }
                let fits = !collides(boxes, c.overlap)
                boxes.forEach { record($0, placed: fits) }
                guard fits else { continue }
                if !c.ignorePlacement { take(boxes, c.overlap) }
                lineLabelCenters[c.string, default: []].append(mid)
                let moved = glyphs.map { PlacedLabel.GlyphPlacement(glyph: $0.glyph, center: $0.center + c.translate, angle: $0.angle) }
                var label = PlacedLabel(text: text, shape: .alongLine(moved), paint: c.paint)
                label.anchorY = mid.y
                out.append(label)
                if c.placement == .lineCenter { break }
            }
        }
        return out
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
