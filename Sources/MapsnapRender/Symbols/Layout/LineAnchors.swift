import Foundation
import MapsnapGeo

/// Where MapLibre puts symbols along a line (its `getAnchors`/`resampleLine`), so that icons on
/// lines land at its positions and spacing: computed per tile, in tile units of an 8,192-unit tile,
/// only inside the tile (each tile places its own part of a line). The first anchor is offset by
/// half the label plus 48 units of a 24-px glyph, scaled as in the parent tile when overzoomed, so
/// that anchors line up from zoom to zoom; then one every `spacing`, where the label fits on the
/// line and the line bends less than `text-max-angle` under it (MapLibre's `checkMaxAngle`); a
/// line with none gets one at its middle.
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
    /// - `angleWindow`: for text, the length of line (tile units) over which the turns may add up
    ///   to at most `maxAngle` (radians); 0 for icons, which are not checked.
    static func anchors(_ line: [Point], spacing: Double, labelLength: Double, shapedLabelLength: Double,
                        boxScale: Double, overscaling: Double, angleWindow: Double = 0, maxAngle: Double = .pi) -> [Anchor] {
        guard line.count > 1, spacing > 0, spacing.isFinite else { return [] }
        let first = line[0]
        let continued = first.x == 0 || first.x == extent || first.y == 0 || first.y == extent
        // A long label (relative to the spacing) keeps at least a quarter spacing between labels.
        var spacing = spacing
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        let offset = continued
            ? (spacing / 2 * overscaling).truncatingRemainder(dividingBy: spacing)
            : ((shapedLabelLength / 2 + glyphSize * 2) * boxScale * overscaling).truncatingRemainder(dividingBy: spacing)
        let bends = Bends(window: angleWindow, maxAngle: maxAngle)
        return resample(line, offset: offset, spacing: spacing, labelLength: labelLength, continued: continued, atMiddle: false, bends: bends)
    }

    /// MapLibre's `getCenterAnchor` for `line-center`: the point halfway along the whole line
    /// (tile units, not clipped to the tile), rounded to whole units as JavaScript rounds, if the line bends less than
    /// `bends` allows under a label of `labelLength` there.
    static func centerAnchor(_ line: [Point], labelLength: Double, bends: Bends) -> Anchor? {
        guard line.count > 1 else { return nil }
        var lengths: [Double] = []
        for i in 1..<line.count { lengths.append((line[i] - line[i - 1]).length) }
        let center = lengths.reduce(0, +) / 2
        var before = 0.0
        for i in lengths.indices {
            if before + lengths[i] > center {
                let (a, b) = (line[i], line[i + 1])
                let t = (center - before) / lengths[i]
                let p = a + (b - a) * t
                let anchor = Anchor(point: Point(x: (p.x + 0.5).rounded(.down), y: (p.y + 0.5).rounded(.down)), angle: atan2(b.y - a.y, b.x - a.x), segment: i)
                return bends.allow(line, anchor, labelLength: labelLength) ? anchor : nil
            }
            before += lengths[i]
        }
        return nil
    }

    /// A line (tile units) cut to the tile square, its cut ends rounded to whole units as
    /// MapLibre's `clipLine` leaves them.
    static func clippedToTile(_ line: [Point]) -> [[Point]] {
        Polyline(line).clipped(to: Rect(minX: 0, minY: 0, maxX: extent, maxY: extent)).map { run in
            run.points.map { Point(x: $0.x.rounded(), y: $0.y.rounded()) }
        }
    }

    private static func resample(_ line: [Point], offset: Double, spacing: Double, labelLength: Double,
                                 continued: Bool, atMiddle: Bool, bends: Bends) -> [Anchor] {
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
                    let anchor = Anchor(point: Point(x: x.rounded(), y: y.rounded()), angle: angle, segment: i)
                    if bends.allow(line, anchor, labelLength: labelLength) { out.append(anchor) }
                }
            }
            distance += segment
        }
        if !atMiddle && out.isEmpty && !continued {
            // Short lines (common in overzoomed tiles): one anchor at the middle.
            return resample(line, offset: distance / 2, spacing: spacing, labelLength: labelLength, continued: continued,
                            atMiddle: true, bends: bends)
        }
        return out
    }

    /// MapLibre's `checkMaxAngle`: a label may not sit where the line's turns within any
    /// `window` of its length add up to more than `maxAngle`, nor where the line ends under it.
    struct Bends {
        let window: Double
        let maxAngle: Double

        func allow(_ line: [Point], _ anchor: Anchor, labelLength: Double) -> Bool {
            guard window > 0, labelLength > 0 else { return true }
            // Back to the first segment the label covers.
            var p = anchor.point
            var index = anchor.segment + 1
            var along = 0.0
            while along > -labelLength / 2 {
                index -= 1
                guard index >= 0 else { return false }
                along -= (line[index] - p).length
                p = line[index]
            }
            along += (line[index + 1] - line[index]).length
            index += 1
            // Forward over the label's length, summing the turns within the window.
            var corners: [(distance: Double, turn: Double)] = []
            var first = 0
            var sum = 0.0
            while along < labelLength / 2 {
                guard index + 1 < line.count else { return false }
                let previous = line[index - 1], current = line[index], next = line[index + 1]
                let turn = abs(remainder(atan2(previous.y - current.y, previous.x - current.x)
                                         - atan2(current.y - next.y, current.x - next.x), 2 * .pi))
                corners.append((along, turn))
                sum += turn
                while along - corners[first].distance > window {
                    sum -= corners[first].turn
                    first += 1
                }
                if sum > maxAngle { return false }
                index += 1
                along += (next - current).length
            }
            return true
        }
    }
}
