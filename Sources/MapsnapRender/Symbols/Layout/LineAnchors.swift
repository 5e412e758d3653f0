import Foundation
import MapsnapGeo

/// Where MapLibre puts symbols along a line (its `getAnchors`/`resampleLine`), so that icons on
/// lines land at its positions and spacing: computed per tile, in tile units of an 8,192-unit tile,
/// only inside the tile (each tile places its own part of a line). The first anchor is offset by
/// half the label plus 48 units of a 24-px glyph, scaled as in the parent tile when overzoomed, so
/// that anchors line up from zoom to zoom; then one every `spacing`, where the label fits on the
/// line; a line with none gets one at its middle.
enum LineAnchors {
    struct Anchor: Equatable {
        var point: Point
        /// Radians, the direction of the segment it lies on.
        var angle: Double
        var segment: Int
    }

    /// MapLibre's tile extent, in which its layout measures.
    static let extent = 8192.0
    static let glyphSize = 24.0

    /// - `line`: in tile units (8,192 per side); `spacing` and `labelLength` too.
    /// - `shapedLabelLength`: the label's length in pixels, for the first anchor's offset.
    static func anchors(_ line: [Point], spacing: Double, labelLength: Double, shapedLabelLength: Double,
                        boxScale: Double, overscaling: Double) -> [Anchor] {
        guard line.count > 1, spacing > 0, spacing.isFinite else { return [] }
        let first = line[0]
        let continued = first.x == 0 || first.x == extent || first.y == 0 || first.y == extent
        // A long label (relative to the spacing) keeps at least a quarter spacing between labels.
        var spacing = spacing
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        let offset = continued
            ? (spacing / 2 * overscaling).truncatingRemainder(dividingBy: spacing)
            : ((shapedLabelLength / 2 + glyphSize * 2) * boxScale * overscaling).truncatingRemainder(dividingBy: spacing)
        return resample(line, offset: offset, spacing: spacing, labelLength: labelLength, continued: continued, atMiddle: false)
    }

    /// A line (tile units) cut to the tile square, its cut ends rounded to whole units as
    /// MapLibre's `clipLine` leaves them.
    static func clippedToTile(_ line: [Point]) -> [[Point]] {
        Polyline(line).clipped(to: Rect(minX: 0, minY: 0, maxX: extent, maxY: extent)).map { run in
            run.points.map { Point(x: $0.x.rounded(), y: $0.y.rounded()) }
        }
    }

    private static func resample(_ line: [Point], offset: Double, spacing: Double, labelLength: Double,
                                 continued: Bool, atMiddle: Bool) -> [Anchor] {
        let half = labelLength / 2
        var lineLength = 0.0
        for i in 0..<(line.count - 1) { lineLength += (line[i + 1] - line[i]).length }
        var distance = 0.0, marked = offset - spacing
        var out: [Anchor] = []
        // A hostile tile may hold huge coordinates: the steps along the line are bounded.
        var budget = 200_000
        for i in 0..<(line.count - 1) {
            let a = line[i], b = line[i + 1]
            let segment = (b - a).length
            let angle = atan2(b.y - a.y, b.x - a.x)
            while marked + spacing < distance + segment {
                budget -= 1
                if budget < 0 { return out }
                marked += spacing
                let t = (marked - distance) / segment
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                if x >= 0, x < extent, y >= 0, y < extent, marked - half >= 0, marked + half <= lineLength {
                    out.append(Anchor(point: Point(x: x.rounded(), y: y.rounded()), angle: angle, segment: i))
                }
            }
            distance += segment
        }
        if !atMiddle && out.isEmpty && !continued {
            // Short lines (common in overzoomed tiles): one anchor at the middle.
            return resample(line, offset: distance / 2, spacing: spacing, labelLength: labelLength, continued: continued, atMiddle: true)
        }
        return out
    }
}
