import CCairo
import Foundation
import MapsnapGeo
import MapsnapStyle

/// Draws lines as Cairo strokes, for vector targets (PDF, SVG), where MapLibre's line shader
/// (`LineRasterizer`) has no pixels to shade. Each line gets the style's width, join, cap, miter
/// limit, dashes (in line widths at the integer zoom below, as MapLibre scales them), offset,
/// gap width (two lines either side of the gap), blur (the edge fading over `line-blur`) and
/// opacity. Each feature part is stroked on its own, so translucent lines that cross compound
/// as MapLibre's do; unlike MapLibre's triangles, a line never darkens where it overlaps itself.
/// Clipping to the tile is the caller's (`RenderFrame.clip(to:)`).
struct LineStroker {
    let canvas: Canvas
    /// A pitched camera: lines are on the map plane and projected (nil: flat).
    var perspective: Perspective? = nil

    /// Strokes one line given on the map plane (screen points when flat).
    func draw(_ plane: [Point], polygon: Bool, _ paint: LinePainter.Resolved) {
        guard paint.width > 0, paint.opacity > 0, paint.color.a > 0 else { return }
        var line = plane
        while line.count >= 2 && line[line.count - 1] == line[line.count - 2] { line.removeLast() }
        if polygon, line.count > 1, line[0] == line[line.count - 1] { line.removeLast() }
        guard line.count >= (polygon ? 3 : 2) else { return }
        let offsets = paint.gapWidth > 0
            ? [paint.offset - (paint.gapWidth + paint.width) / 2, paint.offset + (paint.gapWidth + paint.width) / 2]
            : [paint.offset]
        let cr = canvas.cr
        canvas.withSavedState {
            cairo_set_line_cap(cr, Self.cap(paint.cap))
            cairo_set_line_join(cr, Self.join(paint.join))
            cairo_set_miter_limit(cr, paint.miterLimit)
            guard let perspective else {
                stroke(paint, scale: 1, dashOffset: 0) {
                    for offset in offsets {
                        canvas.appendPolyline(line.parallel(atRight: offset, closed: polygon))
                        if polygon { canvas.closePath() }
                    }
                }
                return
            }
            // Pitched, the line lies on the map: its width shrinks toward the horizon, and more
            // across lines that run across the view. It is stroked in runs along which that
            // changes little, each as wide as the projection makes it at the run's middle.
            for offset in offsets {
                var moved = line.parallel(atRight: offset, closed: polygon)
                if polygon { moved.append(moved[0]) }
                for run in Self.runs(moved, perspective) {
                    stroke(paint, scale: run.across, dashScale: run.along, dashOffset: run.distance * run.along) {
                        canvas.appendPolyline(run.points.map(perspective.screen(fromPlane:)))
                    }
                }
            }
        }
    }

    /// Strokes the path `build` adds, `scale` times as wide as the paint says, its dashes
    /// `dashScale` times as long (the width's scale when nil).
    private func stroke(_ paint: LinePainter.Resolved, scale: Double, dashScale: Double? = nil, dashOffset: Double,
                        _ build: () -> Void) {
        let cr = canvas.cr
        cairo_new_path(cr)
        build()
        cairo_set_line_width(cr, paint.width * scale)
        if let dashes = Self.dashes(paint, scale: dashScale ?? scale) { cairo_set_dash(cr, dashes, Int32(dashes.count), dashOffset) }
        // MapLibre fades the edge over a device pixel plus `line-blur`; Cairo's own
        // anti-aliasing is the device pixel, a visible blur is drawn as a fade.
        let blur = paint.blur * scale, edge = 0.5 / canvas.pixelRatio
        if blur > edge {
            canvas.strokeFading(halfWidth: paint.width * scale / 2 + edge, fade: blur + 2 * edge, color: paint.color, opacity: paint.opacity)
        } else {
            canvas.setColor(paint.color, opacity: paint.opacity)
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    /// One stretch of a pitched line: its plane points, the screen length of a plane point across
    /// it and along it (at its middle), and the distance along the line to its start (plane points).
    struct PitchedRun { var points: [Point]; var across: Double; var along: Double; var distance: Double }

    /// A pitched line cut into runs along which the width the projection gives it stays within a
    /// quarter of its value at the run's start; each run also holds the next run's first segment,
    /// so that the runs overlap and no seam opens between them.
    static func runs(_ line: [Point], _ perspective: Perspective) -> [PitchedRun] {
        // Screen points per plane point across and along segment i (from point i to i + 1).
        func scales(_ i: Int) -> (across: Double, along: Double) {
            let d = line[i + 1] - line[i], l = d.length
            guard l > 0 else { return (1, 1) }
            let t = d * (1 / l), n = Point(x: -t.y, y: t.x)
            let j = perspective.jacobian(atPlane: line[i] + d * 0.5)
            func mapped(_ v: Point) -> Double { Point(x: j.a * v.x + j.b * v.y, y: j.c * v.x + j.d * v.y).length }
            return (mapped(n), mapped(t))
        }
        var out: [PitchedRun] = []
        var start = 0, distance = 0.0, startDistance = 0.0
        var startWidth = scales(0).across
        for i in 1..<line.count {
            distance += (line[i] - line[i - 1]).length
            let last = i == line.count - 1
            let width = last ? startWidth : scales(i).across
            guard last || width > startWidth * 1.25 || width < startWidth / 1.25 else { continue }
            let end = last ? i : i + 1
            let middle = scales(min((start + end) / 2, line.count - 2))
            out.append(PitchedRun(points: Array(line[start...end]), across: middle.across, along: middle.along, distance: startDistance))
            (start, startDistance, startWidth) = (i, distance, width)
        }
        return out
    }

    /// The dash lengths in points, or nil for a solid line: MapLibre draws a single length, an
    /// empty pattern or one of only zeros solid (and Cairo refuses negative lengths).
    static func dashes(_ paint: LinePainter.Resolved, scale: Double) -> [Double]? {
        guard let lengths = paint.dasharray, lengths.count >= 2, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }),
              lengths.contains(where: { $0 > 0 }), paint.dashScale > 0, paint.dashScale.isFinite else { return nil }
        return lengths.map { $0 * paint.dashScale * scale }
    }

    static func cap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap { case .butt: CAIRO_LINE_CAP_BUTT; case .round: CAIRO_LINE_CAP_ROUND; case .square: CAIRO_LINE_CAP_SQUARE }
    }

    static func join(_ join: LineJoin) -> cairo_line_join_t {
        switch join { case .miter: CAIRO_LINE_JOIN_MITER; case .bevel: CAIRO_LINE_JOIN_BEVEL; case .round: CAIRO_LINE_JOIN_ROUND }
    }
}
