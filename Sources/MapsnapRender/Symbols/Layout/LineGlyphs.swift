import Foundation
import MapsnapGeo

/// Text along a line (MapLibre's glyph quads on a line): each glyph centred on the line where
/// its advance falls, turned with the line there.
enum LineGlyphs {
    /// The glyph positions for `text` centred at `anchor` along `line`, turned to read left to
    /// right when `keepUpright` (`text-keep-upright`), moved by `offset` (`text-offset` in points:
    /// x along the line, y across it); nil when the line bends more under the text than
    /// `maxAngle` (`text-max-angle`, radians) allows from glyph to glyph, or twice that in all.
    static func place(_ text: ShapedText, along line: Polyline, at anchor: Double, keepUpright: Bool,
                      offset: Point, maxAngle: Double) -> [PlacedLabel.GlyphPlacement]? {
        let labelLength = text.lineAdvance
        var line = line, anchor = anchor
        // Keep the text upright: read left to right.
        let start = line.locate(anchor - labelLength / 2).point, end = line.locate(anchor + labelLength / 2).point
        if end.x < start.x && keepUpright {
            line = line.reversed
            anchor = line.length - anchor
        }
        var out: [PlacedLabel.GlyphPlacement] = []
        out.reserveCapacity(text.glyphs.count)
        var previousAngle: Double?
        var totalBend = 0.0
        for g in text.glyphs {
            let along = anchor - labelLength / 2 + g.x + g.advance / 2 + offset.x
            let (onLine, angle) = line.locate(along)
            let p = offset.y == 0 ? onLine : onLine + Point(x: -sin(angle), y: cos(angle)) * offset.y
            if let prev = previousAngle {
                var d = angle - prev
                while d > .pi { d -= 2 * .pi }
                while d < -.pi { d += 2 * .pi }
                totalBend += abs(d)
                if abs(d) > maxAngle || totalBend > 2 * maxAngle { return nil }
            }
            previousAngle = angle
            out.append(.init(glyph: g, center: p, angle: angle))
        }
        return out.isEmpty ? nil : out
    }

    /// The line under the text from its first glyph's centre to its last one's, through the
    /// line's vertices between, moved across the line by `offset.y`: the path MapLibre lays a
    /// line label's collision circles along (`placeFirstAndLastGlyph`, never flipped upright).
    static func path(_ text: ShapedText, along line: Polyline, at anchor: Double, offset: Point) -> [Point] {
        guard let first = text.glyphs.first, let last = text.glyphs.last else { return [] }
        let start = anchor - text.lineAdvance / 2 + offset.x
        let (from, to) = (start + first.x + first.advance / 2, start + last.x + last.advance / 2)
        let distances = [from] + line.distances.filter { $0 > from && $0 < to } + (to > from ? [to] : [])
        return distances.map { d in
            let (p, angle) = line.locate(d)
            return offset.y == 0 ? p : p + Point(x: -sin(angle), y: cos(angle)) * offset.y
        }
    }
}
