import Foundation
import MapsnapGeo

/// Text along a line, as MapLibre's `placeGlyphsAlongLine` lays it (projection.ts): each glyph's
/// centre walked out from the anchor along the line by its offset in the label, turned with the
/// segment it lands on. A `text-offset` across the line (y) walks a copy of the line moved
/// sideways, its segments joined where they meet; one along the line (x) moves every glyph.
enum LineGlyphs {
    /// Where one glyph lands: its centre, the segment's direction there (radians) and the path
    /// walked to it from the anchor (for the label's collision circles).
    struct Landing {
        let point: Point
        let angle: Double
        let path: [Point]
    }

    /// The glyph positions for `text` centred at `anchor` (points along `line`), turned to read
    /// left to right on screen when `keepUpright` (`text-keep-upright`; `toScreen` takes a
    /// point of `line` to the screen when the line lies on a pitched plane), moved by `offset`
    /// (`text-offset` in points) and placed by `align` (`text-anchor`: 0…1 across the block's
    /// width and height); `turnGlyphs` false keeps every glyph upright (`viewport-glyph`).
    /// `vertical`: the text as a column (CJK), which MapLibre draws instead where the label runs
    /// more up than across the screen (`requiresOrientationChange`), read from top to bottom.
    /// nil when a glyph falls off the line.
    static func place(_ text: ShapedText, along line: Polyline, at anchor: Double, keepUpright: Bool,
                      offset: Point, align: Point = Point(x: 0.5, y: 0.5), turnGlyphs: Bool = true,
                      vertical: ShapedText? = nil, isVertical: Bool = false,
                      toScreen: (Point) -> Point = { $0 }) -> [PlacedLabel.GlyphPlacement]? {
        let glyphs = text.glyphs
        guard let first = glyphs.first, let last = glyphs.last else { return nil }
        func centre(_ g: ShapedText.Glyph) -> Double { Self.centre(g, text, align) }
        // `text-anchor` moves the block across the line too: its middle by default.
        let across = (0.5 - align.y) * text.height
        var flip = false
        if keepUpright {
            // MapLibre turns the label when its first glyph lands right of its last one (a single
            // glyph: when its segment points left); a column, when its first glyph lands below its last.
            let ends: (Point, Point)
            if glyphs.count > 1 {
                guard let a = land(centre(first), offset, flip: false, on: line, at: anchor),
                      let b = land(centre(last), offset, flip: false, on: line, at: anchor) else { return nil }
                ends = (toScreen(a.point), toScreen(b.point))
            } else {
                let (p, _) = line.locate(anchor)
                ends = (toScreen(p), toScreen(line.locate(min(anchor + 1, line.length)).point))
            }
            let (a, b) = ends
            if let vertical, abs(b.y - a.y) > abs(b.x - a.x) {
                return place(vertical, along: line, at: anchor, keepUpright: true, offset: offset, align: align,
                             turnGlyphs: turnGlyphs, isVertical: true, toScreen: toScreen)
            }
            flip = isVertical ? a.y > b.y : a.x > b.x
        }
        var out: [PlacedLabel.GlyphPlacement] = []
        out.reserveCapacity(glyphs.count)
        for g in glyphs {
            guard let landing = land(centre(g), offset, flip: flip, on: line, at: anchor) else { return nil }
            var glyph = g
            glyph.yOffset += across
            out.append(.init(glyph: glyph, center: landing.point, angle: turnGlyphs ? landing.angle : 0))
        }
        return out
    }

    /// The path MapLibre lays a line label's collision circles along: from the first glyph's
    /// centre back to the anchor and on to the last glyph's (never turned upright).
    static func path(_ text: ShapedText, along line: Polyline, at anchor: Double, offset: Point,
                     align: Point = Point(x: 0.5, y: 0.5)) -> [Point] {
        guard let first = text.glyphs.first, let last = text.glyphs.last else { return [] }
        func centre(_ g: ShapedText.Glyph) -> Double { Self.centre(g, text, align) }
        guard let a = land(centre(first), offset, flip: false, on: line, at: anchor),
              let b = land(centre(last), offset, flip: false, on: line, at: anchor) else { return [] }
        return Array(a.path.dropFirst().reversed()) + Array(b.path.dropFirst())
    }

    /// A glyph's centre from the anchor along the line: MapLibre's glyph offset, the block placed
    /// by `text-anchor` (`align.x` 0 starts it at the anchor, 1 ends it there).
    private static func centre(_ g: ShapedText.Glyph, _ text: ShapedText, _ align: Point) -> Double {
        g.x + g.advance / 2 - align.x * text.lineAdvance
    }

    /// MapLibre's `placeGlyphAlongLine`: the glyph `glyphOffset` points from the anchor (`at`
    /// points along `line`), the label moved by `offset`. Flipped, the glyphs go the other way
    /// and turn half a turn, but the offset keeps its direction along and across the line.
    static func land(_ glyphOffset: Double, _ offset: Point, flip: Bool, on line: Polyline, at: Double) -> Landing? {
        let points = line.points
        guard points.count > 1, at.isFinite else { return nil }
        let combined = flip ? glyphOffset - offset.x : glyphOffset + offset.x
        var direction = combined > 0 ? 1 : -1
        var angle = 0.0
        if flip { direction = -direction; angle = .pi }
        if direction < 0 { angle += .pi }
        // The segment the anchor lies on.
        var segment = 0
        while segment + 2 < points.count && line.distances[segment + 1] <= at { segment += 1 }
        let anchorPoint = line.locate(at).point
        let lineOffset = offset.y
        var index = direction > 0 ? segment : segment + 1
        var current = anchorPoint, previous = anchorPoint
        var offsetCurrent: Point?, offsetPrevious: Point?
        var walked = 0.0, segmentLength = 0.0
        var step = Point(x: 0, y: 0)
        let target = abs(combined)
        var path: [Point] = []
        // The normal of a segment walked in `direction`, as long as the offset.
        func normal(_ v: Point) -> Point {
            let length = v.length
            guard length > 0 else { return Point(x: 0, y: 0) }
            return Point(x: -v.y / length, y: v.x / length) * (lineOffset * Double(direction))
        }
        // MapLibre's `findOffsetIntersectionPoint`: where the moved segment ending at vertex
        // `i` meets the moved next one (the vertex moved by `n` at the line's end or where the two
        // are parallel).
        func joined(at i: Int, moved n: Point) -> Point {
            let vertex = points[i], moved = points[i] + n
            let nextIndex = i + direction
            guard nextIndex >= 0, nextIndex < points.count, let start = offsetPrevious else { return moved }
            let next = points[nextIndex], m = normal(next - vertex)
            return intersection(start, moved, vertex + m, next + m) ?? moved
        }
        while walked + segmentLength <= target {
            index += direction
            guard index >= 0, index < points.count else { return nil }
            walked += segmentLength
            previous = current
            offsetPrevious = offsetCurrent
            current = points[index]
            if lineOffset == 0 {
                path.append(previous)
                step = current - previous
            } else {
                var n = normal(current - previous)
                if (current - previous).length == 0 {
                    // The anchor sits on the vertex: the next segment gives the normal.
                    guard index + direction >= 0, index + direction < points.count else { return nil }
                    n = normal(points[index + direction] - current)
                }
                let startOffset = offsetPrevious ?? previous + n
                offsetPrevious = startOffset
                offsetCurrent = joined(at: index, moved: n)
                path.append(startOffset)
                step = offsetCurrent! - startOffset
            }
            segmentLength = step.length
        }
        let t = segmentLength > 0 ? (target - walked) / segmentLength : 0
        let p = (offsetPrevious ?? previous) + step * t
        path.append(p)
        // Walking back adds a half turn to a segment's reversed direction: the same turn, kept in (−π, π].
        return Landing(point: p, angle: remainder(angle + atan2(current.y - previous.y, current.x - previous.x), 2 * .pi), path: path)
    }

    /// Where the lines through `a1`–`a2` and `b1`–`b2` cross (MapLibre's `findLineIntersection`);
    /// nil when they are parallel.
    private static func intersection(_ a1: Point, _ a2: Point, _ b1: Point, _ b2: Point) -> Point? {
        let a = a2 - a1, b = b2 - b1
        let denominator = b.y * a.x - b.x * a.y
        guard denominator != 0 else { return nil }
        let t = (b.x * (a1.y - b1.y) - b.y * (a1.x - b1.x)) / denominator
        return a1 + a * t
    }
}
